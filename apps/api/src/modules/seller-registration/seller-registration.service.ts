import { randomBytes } from 'node:crypto';
import {
  sellerRegistrationMessages as m,
  messages,
  type SellerCompaniesResponse,
  type SellerRegistrationDetail,
  type SellerRegistrationRow,
  type sellerCompaniesQuery,
  type sellerRegistrationData,
  type sellerRegistrationListQuery,
  slugify,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Conn } from '../../db/sql.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { pageOf } from '../../http/page.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import { queueMail } from '../../plugins/mailer.ts';
import { hashPassword, issueEmailToken } from '../accounts/index.ts';
import { type AdminAct, insertAudit } from '../admin/index.ts';
import { prepareProfileImage } from '../profile/index.ts';
import { approvedMail, rejectedMail } from './mails.ts';
import * as repo from './seller-registration.repository.ts';

type Data = z.output<typeof sellerRegistrationData>;
/** How long the approval mail's set-password link works. */
export const SET_PASSWORD_HOURS = 72;

const centavos = (pesos: number) => Math.round(pesos * 100);

/** GET /seller-companies: the mother company choices, a page of approved shops (spec 3 §7, §9: page 1, size 20). */
export async function companyChoices(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof sellerCompaniesQuery>,
): Promise<SellerCompaniesResponse> {
  const { items, totalCount } = await repo.companyChoices(
    deps.db,
    query.q,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const result = [...items];
  if (query.include && !items.some((item) => item.id === query.include)) {
    const included = await repo.approvedCompany(deps.db, query.include);
    if (included) result.unshift(included);
  }
  return { ...pageOf(items, query, totalCount), result };
}

async function refuseTakenEmail(deps: Pick<Deps, 'db'>, email: string) {
  const refuse = (message: string) => new HttpError('CONFLICT', message, { emailAddress: message });
  if (await repo.emailBelongsToSeller(deps.db, email)) throw refuse(m.emailTaken);
  if (await repo.accountWithEmail(deps.db, email)) throw refuse(m.emailHasAccount);
}

/**
 * POST /seller-registrations (spec 3 §4, §5): every field checked again, the email not a seller's, the mother
 * company an approved shop, the logo a PNG or JPEG by its bytes (re-encoded, within 3 MB). Stored pending.
 */
export async function register(deps: Pick<Deps, 'db' | 'storage'>, data: Data, logo: Buffer | undefined) {
  if (!logo || logo.length === 0) throw new HttpError('VALIDATION', m.logoRequired, { sellerLogo: m.logoRequired });
  const email = data.emailAddress.toLowerCase();
  await refuseTakenEmail(deps, email);
  if (await repo.pendingWithEmail(deps.db, email)) {
    throw new HttpError('CONFLICT', m.emailPending, { emailAddress: m.emailPending });
  }
  const motherId = data.parentCompany ? null : (data.motherCompanyId ?? null);
  if (motherId !== null && !(await repo.approvedCompany(deps.db, motherId))) {
    throw new HttpError('VALIDATION', m.motherUnknown, { motherCompanyId: m.motherUnknown });
  }
  const image = await prepareProfileImage(logo, 'png', 'sellerLogo', m.logoTooLarge);
  const logoKey = `seller-registrations/logo-${randomBytes(16).toString('hex')}.png`;
  await deps.storage.put(logoKey, image.bytes, 'image/png');
  const id = await repo.insertRegistration(deps.db, {
    parentCompany: data.parentCompany,
    motherCompanyId: motherId,
    companyName: data.companyName,
    description: data.description,
    owner: data.owner,
    email,
    logoKey,
    computationMethod: data.computationMethod,
    smallItemFeeFixed: centavos(data.smallItemFeeFixed),
    bigItemFeeFixed: centavos(data.bigItemFeeFixed),
    smallItemFeePerKm: centavos(data.smallItemFeePerKM),
    bigItemFeePerKm: centavos(data.bigItemFeePerKM),
    latitude: data.latitude,
    longitude: data.longitude,
    address: data.address,
  });
  if (id === undefined) {
    await deps.storage.delete(logoKey).catch(() => undefined);
    throw new HttpError('CONFLICT', m.emailPending, { emailAddress: m.emailPending });
  }
  return { success: true as const, message: m.registered, id };
}

function rowOf(row: repo.RegistrationRow): SellerRegistrationRow {
  return {
    id: row.id,
    company_name: row.companyName,
    owner: row.owner,
    email: row.email,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function registrations(deps: Pick<Deps, 'db'>, query: z.output<typeof sellerRegistrationListQuery>) {
  const { items, totalCount } = await repo.registrationsPage(
    deps.db,
    query.status,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return pageOf(items.map(rowOf), query, totalCount);
}

export async function registration(deps: Pick<Deps, 'db'>, id: number): Promise<SellerRegistrationDetail> {
  const row = await repo.registrationById(deps.db, id);
  if (!row) throw new HttpError('NOT_FOUND', messages.notFound);
  const [mother, seller] = await Promise.all([
    row.motherCompanyId ? repo.companyName(deps.db, row.motherCompanyId) : undefined,
    row.sellerId ? repo.shopHandle(deps.db, row.sellerId) : undefined,
  ]);
  return {
    ...rowOf(row),
    description: row.description,
    parent_company: row.parentCompany,
    mother_company: mother ?? null,
    computation_method: row.computationMethod,
    small_item_fee_fixed: row.smallItemFeeFixed,
    big_item_fee_fixed: row.bigItemFeeFixed,
    small_item_fee_per_km: row.smallItemFeePerKm,
    big_item_fee_per_km: row.bigItemFeePerKm,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    seller: seller ?? null,
  };
}

/** The registration's logo (private until approval): PNG bytes. */
export async function registrationLogo(deps: Pick<Deps, 'db' | 'storage'>, id: number): Promise<Buffer> {
  const row = await repo.registrationById(deps.db, id);
  const bytes = row ? await deps.storage.read(row.logoKey) : null;
  if (!bytes) throw new HttpError('NOT_FOUND', messages.notFound);
  return bytes;
}

/** City and province from an address such as "Barangay X, Quezon City, Metro Manila, Philippines". */
export function placeOf(address: string): { city: string; province: string | null } {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !/^philippines$/i.test(part) && !/^\d{4}$/.test(part));
  const city = parts.find((part) => /\bcity\b|municipality/i.test(part)) ?? parts.at(-2) ?? parts[0] ?? address;
  const province = parts.length >= 2 && parts.at(-1) !== city ? parts.at(-1)! : null;
  return { city, province };
}

/** A free shop handle from the company name: name, name-2, name-3, ... */
async function freeHandle(db: Conn, name: string): Promise<string> {
  const base = slugify(name).slice(0, 60) || 'shop';
  const candidates = [base, ...Array.from({ length: 20 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await repo.takenHandles(db, candidates);
  return candidates.find((handle) => !taken.has(handle)) ?? `${base}-${randomBytes(3).toString('hex')}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type DecideDeps = Pick<Deps, 'db' | 'storage' | 'mailer' | 'config'>;

/**
 * APPROVE: in one transaction the shop (its rates and location, listed at once), its seller account (no usable
 * password yet), the registration marked approved, the set-password mail in the outbox and the audit row. A
 * registration that is no longer pending is refused (409) and nothing is created.
 */
export async function approve(deps: DecideDeps, id: number, act: AdminAct) {
  const current = await repo.registrationById(deps.db, id);
  if (!current) throw new HttpError('NOT_FOUND', messages.notFound);
  if (current.status !== 'pending') throw new HttpError('CONFLICT', m.notPending);
  const logo = await deps.storage.read(current.logoKey);
  const logoUrl = logo
    ? await deps.storage.put(`sellers/logo-${current.id}-${randomBytes(8).toString('hex')}.png`, logo, 'image/png')
    : null;
  const placeholderPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const [firstName, ...rest] = current.owner.trim().split(/\s+/);
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.registrationById(tx, id, true);
    if (row?.status !== 'pending') throw new HttpError('CONFLICT', m.notPending);
    if ((await repo.emailBelongsToSeller(tx, row.email)) || (await repo.accountWithEmail(tx, row.email))) {
      throw new HttpError('CONFLICT', m.emailTaken);
    }
    const { city, province } = placeOf(row.address);
    const shopId = await repo.insertShop(tx, {
      name: row.companyName,
      urlHandle: await freeHandle(tx, row.companyName),
      logoUrl,
      descriptionHtml: sanitizeSellerHtml(`<p>${escapeHtml(row.description)}</p>`),
      ownerName: row.owner,
      email: row.email,
      address: row.address,
      city,
      province,
      latitude: row.latitude,
      longitude: row.longitude,
      shippingComputation: row.computationMethod === 'Per KM' ? 'per_km' : 'fixed',
      smallItemFeeFixed: row.smallItemFeeFixed,
      bigItemFeeFixed: row.bigItemFeeFixed,
      smallItemFeePerKm: row.smallItemFeePerKm,
      bigItemFeePerKm: row.bigItemFeePerKm,
      parentSellerId: row.motherCompanyId,
      status: 'approved',
    });
    const userId = await repo.insertSellerUser(tx, {
      email: row.email,
      passwordHash: placeholderPassword,
      firstName: firstName ?? row.owner,
      lastName: rest.join(' '),
      role: 'seller',
    });
    if (userId === undefined) throw new HttpError('CONFLICT', m.emailTaken);
    await repo.setShopOwner(tx, shopId, userId, logoUrl ?? '');
    if (!(await repo.markDecided(tx, id, { status: 'approved', decidedBy: act.adminId, sellerId: shopId }))) {
      throw new HttpError('CONFLICT', m.notPending);
    }
    const token = await issueEmailToken(tx, userId, 'reset_password', SET_PASSWORD_HOURS);
    const link = `${deps.config.publicUrl}/seller-center/set-password?token=${encodeURIComponent(token)}`;
    const mail = approvedMail(row.email, row.owner, row.companyName, link, SET_PASSWORD_HOURS);
    const [queued] = await queueMail(tx, mail);
    await insertAudit(tx, act, 'seller_registration.approve', 200, { registrationId: id, sellerId: shopId, userId });
    return { mail, outboxId: queued!.id };
  });
  await deps.mailer.deliver(outcome.outboxId, outcome.mail);
  return { success: true as const, message: m.approved, registration: await registration(deps, id) };
}

/** REJECT with a reason: marked rejected, the reason mailed, audited; refused (409) when already decided. */
export async function reject(deps: DecideDeps, id: number, reason: string, act: AdminAct) {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.registrationById(tx, id, true);
    if (!row) throw new HttpError('NOT_FOUND', messages.notFound);
    if (!(await repo.markDecided(tx, id, { status: 'rejected', decidedBy: act.adminId, reason }))) {
      throw new HttpError('CONFLICT', m.notPending);
    }
    const mail = rejectedMail(row.email, row.owner, row.companyName, reason);
    const [queued] = await queueMail(tx, mail);
    await insertAudit(tx, act, 'seller_registration.reject', 200, { registrationId: id, reason });
    return { mail, outboxId: queued!.id };
  });
  await deps.mailer.deliver(outcome.outboxId, outcome.mail);
  return { success: true as const, message: m.rejected, registration: await registration(deps, id) };
}
