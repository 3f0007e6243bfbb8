import {
  messages,
  type ProfileFileKind,
  type ProfileReviewPage,
  type ProfileUpdateResponse,
  type profileReviewQuery,
  type profileUpdateData,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { customerOf } from '../accounts/index.ts';
import {
  contentTypeOfKey,
  type PreparedCertificate,
  type PreparedImage,
  prepareCertificate,
  prepareProfileImage,
  storageKeyOf,
  storeProfileImage,
} from './images.ts';
import * as repo from './profile.repository.ts';
import { newAgentCode, profileOf, samePhone } from './profile.service.ts';

type ProfileUpdate = z.output<typeof profileUpdateData>;
type PageDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'sessions'>;

/** Who saves: the account holder, or an agent acting for them (actingAgentId). */
export interface Saver {
  userId: number;
  actingAgentId: number | null;
}

export interface ProfileFiles {
  face: Buffer | null;
  signature: Buffer | null;
  bir2303: Buffer | null;
}

/**
 * The profile page's SAVE (spec 2 Profile, §4, §5): names, user type, agent, buyer type, company name and phone,
 * and any new face capture, signature or BIR 2303. Every field and file is checked before anything is stored; a
 * signature must exist after the save ('Please sign before saving.'). Changing the user type ends the user's
 * sessions (relogin). An agent acting for the customer may change the data and the BIR 2303 (the auth plugin
 * audits the request), but not the user type, the face capture or the signature, which are the holder's own.
 */
export async function updateProfile(
  deps: PageDeps,
  saver: Saver,
  data: ProfileUpdate,
  files: ProfileFiles,
): Promise<ProfileUpdateResponse> {
  const { userId } = saver;
  const user = await repo.userById(deps.db, userId);
  if (!user || (user.role !== 'buyer' && user.role !== 'agent')) throw new HttpError('FORBIDDEN', messages.notAllowed);
  const toAgent = data.customerType === 'Agent';
  const roleChanges = (user.role === 'agent') !== toAgent;
  if (saver.actingAgentId && roleChanges) throw new HttpError('FORBIDDEN', messages.userTypeNotWhileActing);
  if (saver.actingAgentId && (files.face || files.signature)) {
    throw new HttpError('FORBIDDEN', messages.notYourFaceOrSignature);
  }
  if (user.phone?.trim() && !samePhone(user.phone, data.phone)) {
    throw new HttpError('BUSINESS_RULE', messages.phoneLocked, { phone: messages.phoneLocked });
  }
  let agentId: number | null = null;
  if (!toAgent && data.agentId) {
    if (data.agentId === userId || !(await repo.isAgent(deps.db, data.agentId))) {
      throw new HttpError('BUSINESS_RULE', messages.agentNotFound, { agentId: messages.agentNotFound });
    }
    agentId = data.agentId;
  }
  if (roleChanges && !toAgent && (await repo.linkedCustomerCount(deps.db, userId)) > 0) {
    throw new HttpError('BUSINESS_RULE', messages.agentHasCustomers);
  }
  if (!files.signature && !user.signatureUrl) {
    throw new HttpError('VALIDATION', messages.signBeforeSaving, { client_signature: messages.signBeforeSaving });
  }
  // Every file is checked before any is stored.
  const face = files.face
    ? await prepareProfileImage(files.face, 'jpeg', 'client_facial_verification', messages.fileOverLimit)
    : null;
  const signature = files.signature
    ? await prepareProfileImage(files.signature, 'png', 'client_signature', messages.fileOverLimit)
    : null;
  const certificate = files.bir2303 ? await prepareCertificate(files.bir2303) : null;

  const stored: string[] = [];
  const store = async (name: 'face' | 'signature' | 'bir2303', file: PreparedImage | PreparedCertificate | null) => {
    if (!file) return undefined;
    const url = await storeProfileImage(deps.storage, userId, name, file);
    stored.push(url);
    return url;
  };
  const buyerType = toAgent ? null : (data.buyerType ?? null);
  const hardwareName = buyerType === 'End User' ? null : data.hardwareName?.trim() || null;
  try {
    const faceUrl = await store('face', face);
    const signatureUrl = await store('signature', signature);
    const bir2303Url = await store('bir2303', certificate);
    await repo.updateUser(
      deps.db,
      userId,
      {
        firstName: data.firstName,
        lastName: data.lastName,
        role: toAgent ? 'agent' : 'buyer',
        agentCode: toAgent ? (user.agentCode ?? (await newAgentCode(deps))) : null,
        agentId: toAgent ? null : agentId,
        buyerType,
        hardwareName,
        phone: user.phone?.trim() ? user.phone : data.phone,
        ...(faceUrl ? { facialVerificationUrl: faceUrl } : {}),
        ...(signatureUrl ? { signatureUrl } : {}),
        ...(bir2303Url ? { bir2303Url } : {}),
        // New identity files need a new review.
        ...(faceUrl || signatureUrl || bir2303Url ? { profileVerifiedAt: null } : {}),
      },
      roleChanges,
    );
  } catch (error) {
    await Promise.all(stored.map((url) => removeStored(deps, url)));
    throw error;
  }
  deps.sessions.forgetAccountCheck(userId);
  // The replaced files are no longer referenced.
  const replaced = [
    face ? user.facialVerificationUrl : null,
    signature ? user.signatureUrl : null,
    certificate ? user.bir2303Url : null,
  ];
  await Promise.all(replaced.map((url) => removeStored(deps, url)));
  const [profile, customer] = await Promise.all([profileOf(deps, userId), customerOf(deps, userId)]);
  if (!profile || !customer) throw new HttpError('NOT_FOUND', messages.notFound);
  return { success: true, message: messages.profileSaved, customers: profile, user: customer, relogin: roleChanges };
}

/** One of a user's profile files, for the user (or an agent acting for them) or an administrator. */
export async function profileFile(deps: Pick<Deps, 'db' | 'storage'>, userId: number, kind: ProfileFileKind) {
  const user = await repo.userById(deps.db, userId);
  const url = user
    ? { face: user.facialVerificationUrl, signature: user.signatureUrl, bir2303: user.bir2303Url }[kind]
    : null;
  const key = storageKeyOf(url);
  const bytes = key ? await deps.storage.read(key) : null;
  if (!key || !bytes) throw new HttpError('NOT_FOUND', messages.notFound);
  return { bytes, contentType: contentTypeOfKey(key) };
}

async function removeStored(deps: Pick<Deps, 'storage' | 'log'>, url: string | null) {
  const key = storageKeyOf(url);
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((error) => deps.log.warn({ err: error, key }, 'could not delete a profile file'));
}

/** Admin review: mark the profile VERIFIED (audited); the buyer sees the new status on their profile. */
export async function verifyProfile(
  deps: Pick<Deps, 'db'>,
  userId: number,
  audit: { actorUserId: number; method: string; path: string; ip: string },
) {
  if (!(await repo.markProfileVerified(deps.db, userId, audit))) throw new HttpError('NOT_FOUND', messages.notFound);
  const profile = await profileOf(deps, userId);
  if (!profile) throw new HttpError('NOT_FOUND', messages.notFound);
  return { success: true as const, customerDetail: profile };
}

/** Admin review queue (admin-v2 Profiles): one page of the customers whose identity files wait for (or had) review. */
export async function profilesToReview(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof profileReviewQuery>,
): Promise<ProfileReviewPage> {
  const { rows, totalCount } = await repo.profilesToReview(deps.db, {
    status: query.status,
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      type: row.role === 'agent' ? 'Agent' : 'Buyer',
      verification_status: row.profileVerifiedAt ? 'VERIFIED' : 'PENDING',
      updated_at: row.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}
