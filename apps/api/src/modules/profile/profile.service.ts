import { randomBytes } from 'node:crypto';
import {
  type CompleteProfileResponse,
  type completeProfileData,
  messages,
  type ProfileDetail,
  type UpdateAddressRequest,
} from '@tibay/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import { HttpError } from '../../http/http-error.ts';
import { customerOf, fullName } from '../accounts/index.ts';
import { prepareProfileImage, storageKeyOf, storeProfileImage } from './images.ts';

type ProfileData = z.output<typeof completeProfileData>;

/** Digits of a phone number with +63 written as 0, so 09171234567 and +639171234567 are the same number. */
function samePhone(a: string, b: string): boolean {
  const norm = (value: string) => value.replace(/\D/g, '').replace(/^63/, '0');
  return norm(a) === norm(b);
}

/** The profile (the spec's customerDetail) of a buyer or agent, or null. */
export async function profileOf(db: Db, userId: number): Promise<ProfileDetail | null> {
  const agent = alias(users, 'agent');
  const [row] = await db
    .select({
      user: users,
      agentId: agent.id,
      agentFirst: agent.firstName,
      agentLast: agent.lastName,
      agentCode: agent.agentCode,
    })
    .from(users)
    .leftJoin(agent, eq(agent.id, users.agentId))
    .where(eq(users.id, userId));
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
    buyer_type: user.buyerType === 'Company' || user.buyerType === 'End User' ? user.buyerType : null,
    is_completed_profile: user.isCompletedProfile,
    client_facial_verification: user.facialVerificationUrl,
    client_signature: user.signatureUrl,
    file_2303: user.bir2303Url,
  };
}

/** Saves the delivery address and its pin, and returns the customer as the web keeps it. */
export async function changeAddress(db: Db, userId: number, body: UpdateAddressRequest) {
  const updated = await db
    .update(users)
    .set({ address: body.address, latitude: body.latitude, longitude: body.longitude, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  const user = updated.length ? await customerOf(db, userId) : null;
  if (!user) throw new HttpError('NOT_FOUND', messages.notFound);
  return { success: true as const, message: messages.addressChanged, user };
}

/** Agents by name for the Buyer's agent selector (at most 20, by name). */
export async function listAgents(db: Db, q: string) {
  const pattern = containsPattern(q);
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.role, 'agent'),
        q
          ? or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(20);
  return { items: found.map((agent) => ({ id: agent.id, name: fullName(agent) })) };
}

async function newAgentCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = `AGT-${randomBytes(4).toString('hex').toUpperCase()}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.agentCode, code));
    if (!taken) return code;
  }
  throw new HttpError('CONFLICT', messages.serverError);
}

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
  app: FastifyInstance,
  userId: number,
  data: ProfileData,
  images: ProfileImages,
): Promise<CompleteProfileResponse> {
  const db = app.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || (user.role !== 'buyer' && user.role !== 'agent')) throw new HttpError('FORBIDDEN', messages.notAllowed);
  if (user.phone?.trim() && !samePhone(user.phone, data.phone)) {
    throw new HttpError('BUSINESS_RULE', messages.phoneLocked, { phone: messages.phoneLocked });
  }
  const toAgent = data.customerType === 'Agent';
  let agentId: number | null = null;
  if (!toAgent && data.agentId) {
    const [agent] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, data.agentId), eq(users.role, 'agent')));
    if (!agent || agent.id === userId) {
      throw new HttpError('BUSINESS_RULE', messages.agentNotFound, { agentId: messages.agentNotFound });
    }
    agentId = agent.id;
  }
  const roleChanges = (user.role === 'agent') !== toAgent;
  if (roleChanges && !toAgent) {
    const [linked] = await db.select({ n: count() }).from(users).where(eq(users.agentId, userId));
    if ((linked?.n ?? 0) > 0) throw new HttpError('BUSINESS_RULE', messages.agentHasCustomers);
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
    const faceUrl = await storeProfileImage(app.storage, userId, 'face', face);
    stored.push(faceUrl);
    const signatureUrl = await storeProfileImage(app.storage, userId, 'signature', signature);
    stored.push(signatureUrl);
    await db
      .update(users)
      .set({
        role: toAgent ? 'agent' : 'buyer',
        agentCode: toAgent ? (user.agentCode ?? (await newAgentCode(db))) : null,
        agentId: toAgent ? null : agentId,
        buyerType,
        hardwareName,
        phone: user.phone?.trim() ? user.phone : data.phone,
        facialVerificationUrl: faceUrl,
        signatureUrl,
        isCompletedProfile: true,
        ...(roleChanges ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (error) {
    await Promise.all(stored.map((url) => removeStored(app, url)));
    throw error;
  }
  // Role, session_version or linked agent may have changed.
  app.forgetAccountCheck(userId);
  // The previous pictures are no longer referenced.
  await Promise.all([user.facialVerificationUrl, user.signatureUrl].map((url) => removeStored(app, url)));
  const profile = await profileOf(db, userId);
  const customer = await customerOf(db, userId);
  if (!profile || !customer) throw new HttpError('NOT_FOUND', messages.notFound);
  return {
    success: true,
    message: messages.profileCompleted,
    customers: profile,
    user: customer,
    relogin: roleChanges,
  };
}

async function removeStored(app: FastifyInstance, url: string | null) {
  const key = storageKeyOf(url);
  if (!key) return;
  await app.storage.delete(key).catch((error) => app.log.warn({ err: error, key }, 'could not delete a profile image'));
}
