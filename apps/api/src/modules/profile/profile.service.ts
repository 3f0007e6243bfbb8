import { randomBytes } from 'node:crypto';
import {
  type CompleteProfileResponse,
  type completeProfileData,
  messages,
  type ProfileDetail,
  type UpdateAddressRequest,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { customerOf, fullName } from '../accounts/index.ts';
import { prepareProfileImage, storageKeyOf, storeProfileImage } from './images.ts';
import * as repo from './profile.repository.ts';

type ProfileData = z.output<typeof completeProfileData>;

/** Digits of a phone number with +63 written as 0, so 09171234567 and +639171234567 are the same number. */
export function samePhone(a: string, b: string): boolean {
  const norm = (value: string) => value.replace(/\D/g, '').replace(/^63/, '0');
  return norm(a) === norm(b);
}

/** The profile (the spec's customerDetail) of a buyer or agent, or null. */
export async function profileOf(deps: Pick<Deps, 'db'>, userId: number): Promise<ProfileDetail | null> {
  const row = await repo.userWithAgent(deps.db, userId);
  if (!row || (row.user.role !== 'buyer' && row.user.role !== 'agent')) return null;
  const { user } = row;
  const isAgent = user.role === 'agent';
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.address,
    latitude: user.latitude,
    longitude: user.longitude,
    type: isAgent ? 'Agent' : 'Buyer',
    agent_code: isAgent ? user.agentCode : (row.agentCode ?? null),
    agent:
      !isAgent && row.agentId !== null
        ? { id: row.agentId, name: fullName({ firstName: row.agentFirst ?? '', lastName: row.agentLast ?? '' }) }
        : null,
    hardware_name: user.hardwareName,
    buyer_type: user.buyerType,
    is_completed_profile: user.isCompletedProfile,
    client_facial_verification: user.facialVerificationUrl,
    client_signature: user.signatureUrl,
    file_2303: user.bir2303Url,
    verification_status: user.profileVerifiedAt ? 'VERIFIED' : 'PENDING',
  };
}

/** Saves the delivery address and its pin, and returns the customer as the web keeps it. */
export async function changeAddress(deps: Pick<Deps, 'db'>, userId: number, body: UpdateAddressRequest) {
  const { address, latitude, longitude } = body;
  const updated = await repo.updateUser(deps.db, userId, { address, latitude, longitude });
  const user = updated ? await customerOf(deps, userId) : null;
  if (!user) throw new HttpError('NOT_FOUND', messages.notFound);
  return { success: true as const, message: messages.addressChanged, user };
}

/** Agents by name for the Buyer's agent selector (at most 20, by name). */
export async function listAgents(deps: Pick<Deps, 'db'>, q: string) {
  const found = await repo.agentsByName(deps.db, q, 20);
  return { items: found.map((agent) => ({ id: agent.id, name: fullName(agent) })) };
}

export async function newAgentCode(deps: Pick<Deps, 'db'>): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = `AGT-${randomBytes(4).toString('hex').toUpperCase()}`;
    if (!(await repo.agentCodeTaken(deps.db, code))) return code;
  }
  throw new HttpError('CONFLICT', messages.serverError);
}

type ProfileDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'sessions'>;

export interface ProfileImages {
  face: Buffer | null;
  signature: Buffer | null;
}

/**
 * Complete profile (spec 2 §5): checks every rule, stores the two images (re-encoded), and saves the profile with
 * is_completed_profile set. Changing the user type changes the role (an agent gets an agent code; an agent with
 * linked customers cannot become a Buyer) and ends the user's sessions, so they sign in again as the new type.
 */
export async function completeProfile(
  deps: ProfileDeps,
  userId: number,
  data: ProfileData,
  images: ProfileImages,
): Promise<CompleteProfileResponse> {
  const user = await repo.userById(deps.db, userId);
  if (!user || (user.role !== 'buyer' && user.role !== 'agent')) throw new HttpError('FORBIDDEN', messages.notAllowed);
  if (user.phone?.trim() && !samePhone(user.phone, data.phone)) {
    throw new HttpError('BUSINESS_RULE', messages.phoneLocked, { phone: messages.phoneLocked });
  }
  const toAgent = data.customerType === 'Agent';
  let agentId: number | null = null;
  if (!toAgent && data.agentId) {
    if (data.agentId === userId || !(await repo.isAgent(deps.db, data.agentId))) {
      throw new HttpError('BUSINESS_RULE', messages.agentNotFound, { agentId: messages.agentNotFound });
    }
    agentId = data.agentId;
  }
  const roleChanges = (user.role === 'agent') !== toAgent;
  if (roleChanges && !toAgent) {
    if ((await repo.linkedCustomerCount(deps.db, userId)) > 0)
      throw new HttpError('BUSINESS_RULE', messages.agentHasCustomers);
  }
  if (!images.face)
    throw new HttpError('VALIDATION', messages.faceCaptureRequired, {
      client_facial_verification: messages.faceCaptureRequired,
    });
  if (!images.signature)
    throw new HttpError('VALIDATION', messages.signBeforeSaving, { client_signature: messages.signBeforeSaving });

  // Both images are checked before either is stored, and the stored files are removed again when anything after
  // fails: nothing is left on disk unless the whole save succeeds.
  const face = await prepareProfileImage(images.face, 'jpeg');
  const signature = await prepareProfileImage(images.signature, 'png');
  const stored: string[] = [];
  const buyerType = toAgent ? null : (data.buyerType ?? null);
  const hardwareName = buyerType === 'End User' ? null : data.hardwareName?.trim() || null;
  try {
    const faceUrl = await storeProfileImage(deps.storage, userId, 'face', face);
    stored.push(faceUrl);
    const signatureUrl = await storeProfileImage(deps.storage, userId, 'signature', signature);
    stored.push(signatureUrl);
    await repo.updateUser(
      deps.db,
      userId,
      {
        role: toAgent ? 'agent' : 'buyer',
        agentCode: toAgent ? (user.agentCode ?? (await newAgentCode(deps))) : null,
        agentId: toAgent ? null : agentId,
        buyerType,
        hardwareName,
        phone: user.phone?.trim() ? user.phone : data.phone,
        facialVerificationUrl: faceUrl,
        signatureUrl,
        isCompletedProfile: true,
      },
      roleChanges,
    );
  } catch (error) {
    await Promise.all(stored.map((url) => removeStored(deps, url)));
    throw error;
  }
  // Role, session_version or linked agent may have changed.
  deps.sessions.forgetAccountCheck(userId);
  // The previous pictures are no longer referenced.
  await Promise.all([user.facialVerificationUrl, user.signatureUrl].map((url) => removeStored(deps, url)));
  const profile = await profileOf(deps, userId);
  const customer = await customerOf(deps, userId);
  if (!profile || !customer) throw new HttpError('NOT_FOUND', messages.notFound);
  return {
    success: true,
    message: messages.profileCompleted,
    customers: profile,
    user: customer,
    relogin: roleChanges,
  };
}

async function removeStored(deps: Pick<Deps, 'storage' | 'log'>, url: string | null) {
  const key = storageKeyOf(url);
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((error) => deps.log.warn({ err: error, key }, 'could not delete a profile image'));
}
