import {
  type CreditApplication,
  type CreditFileKind,
  type CreditForm1,
  type CreditForm2,
  creditForm1,
  creditForm2,
  creditLimitOptions,
  creditTermOptions,
  type IslandGroup,
  messages,
  missingForm1,
  missingForm2,
  ownerFieldsShown,
  type RpafResponse,
  creditApplicationMessages as words,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { psgcPlaces } from '../../lib/gazetteer/psgc-places.ts';
import * as repo from './credit-applications.repository.ts';
import { prepareCreditFile, storeCreditFile } from './documents.ts';

type Form1Input = z.output<typeof creditForm1>;
type Form2Input = z.output<typeof creditForm2>;

export const creditLimitList = () => ({ results: creditLimitOptions.map((credit_limit) => ({ credit_limit })) });
export const creditDateLimitList = () => ({ results: creditTermOptions.map((date_check) => ({ date_check })) });

/** The areas of an island group, the cities of an area or the barangays of a city (PSGC). */
export function places(query: { islandGroup: IslandGroup; area?: string | undefined; city?: string | undefined }) {
  const tree = psgcPlaces();
  if (query.area && query.city) return { items: tree.barangays(query.islandGroup, query.area, query.city) };
  if (query.area) return { items: tree.cities(query.islandGroup, query.area) };
  return { items: tree.areas(query.islandGroup) };
}

const emptyForm1 = creditForm1.parse({});
const emptyForm2 = creditForm2.parse({});

/** The application as the buyer (and the review) sees it. Stored forms are read through the contract's schema. */
export function applicationView(row: repo.ApplicationRow): CreditApplication {
  const form = (row.form ?? {}) as { form_1?: unknown; form_2?: unknown };
  const form1 = creditForm1.safeParse(form.form_1 ?? {});
  const form2 = creditForm2.safeParse(form.form_2 ?? {});
  return {
    id: row.id,
    customer_id: row.customerId,
    status: row.status,
    form_1: form1.success ? form1.data : emptyForm1,
    form_2: form2.success ? form2.data : emptyForm2,
    files: Object.fromEntries(
      Object.entries(row.files ?? {}).map(([field, file]) => [
        field,
        { name: file.name, size: file.size, content_type: file.contentType, uploaded_at: file.uploadedAt },
      ]),
    ),
    terms_accepted: row.termsAcceptedAt !== null,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    documents_note: row.documentsNote,
    decision_note: row.decisionNote,
    decided_at: row.decidedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function customerContact(deps: Pick<Deps, 'db'>, customerId: number) {
  const contact = await repo.contactOf(deps.db, customerId);
  if (contact?.role !== 'buyer') throw new HttpError('FORBIDDEN', messages.notAllowed);
  return contact;
}

/** GET /rpaf: the buyer's application (null before the first save) and the profile's id, email and phone. */
export async function applicationFor(deps: Pick<Deps, 'db'>, customerId: number): Promise<RpafResponse> {
  const contact = await customerContact(deps, customerId);
  const row = await repo.applicationOf(deps.db, customerId);
  return {
    rpafDetail: row ? applicationView(row) : null,
    customerDetail: { id: contact.id, email: contact.email, phone: contact.phone },
  };
}

/** A save that changed nothing because the application is no longer the buyer's to change. */
async function refuseLocked(deps: Pick<Deps, 'db'>, customerId: number): Promise<never> {
  const current = await repo.applicationOf(deps.db, customerId);
  throw new HttpError('CONFLICT', current?.status === 'Approved' ? words.approved : words.pending);
}

function refuseFields(fields: Record<string, string>, message: string = words.fillRequired) {
  if (Object.keys(fields).length > 0) throw new HttpError('VALIDATION', message, fields);
}

/** The option lists and the PSGC places of step 1 (whatever is filled in). */
function form1Problems(form: CreditForm1): Record<string, string> {
  const problems: Record<string, string> = {};
  if (form.creditLimit !== null && !(creditLimitOptions as readonly number[]).includes(form.creditLimit)) {
    problems.creditLimit = words.notAnOption;
  }
  if (form.creditTerms !== null && !(creditTermOptions as readonly number[]).includes(form.creditTerms)) {
    problems.creditTerms = words.notAnOption;
  }
  const tree = psgcPlaces();
  if (form.area && !tree.areas(form.islandGroup).includes(form.area)) problems.area = words.unknownPlace;
  else if (form.companyCity && !tree.cities(form.islandGroup, form.area).includes(form.companyCity)) {
    problems.companyCity = words.unknownPlace;
  } else if (
    form.companyBrgy &&
    !tree.barangays(form.islandGroup, form.area, form.companyCity).includes(form.companyBrgy)
  ) {
    problems.companyBrgy = words.unknownPlace;
  }
  return problems;
}

/**
 * Submission 1 (company information). The mobile phone is the profile's (read-only on the form); the owner's
 * fields are kept only at a limit of 100,000 or more. NEXT needs every required field; a draft keeps what is there.
 */
export async function saveForm1(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  input: { draft: boolean; form_1: Form1Input },
): Promise<CreditApplication> {
  const contact = await customerContact(deps, customerId);
  const form: CreditForm1 = { ...input.form_1, mobilePhone: contact.phone?.trim() ?? '' };
  if (!ownerFieldsShown(form.creditLimit)) {
    form.ownerName = '';
    form.ownerMobilePhone = '';
  }
  refuseFields(form1Problems(form), words.fillRequired);
  if (!input.draft) refuseFields(missingForm1(form));
  const row = await repo.saveDraft(deps.db, customerId, { form: { form_1: form } });
  if (!row) return refuseLocked(deps, customerId);
  return applicationView(row);
}

/** Submission 2 (bank and trade reference). */
export async function saveForm2(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  input: { draft: boolean; form_2: Form2Input },
): Promise<CreditApplication> {
  await customerContact(deps, customerId);
  const form: CreditForm2 = input.form_2;
  if (!input.draft) refuseFields(missingForm2(form));
  const row = await repo.saveDraft(deps.db, customerId, { form: { form_2: form } });
  if (!row) return refuseLocked(deps, customerId);
  return applicationView(row);
}

/**
 * Files (step 2's ten fields, or step 3's signature): every file is checked by its content before any is stored;
 * the new ones replace the saved ones of the same fields, whose stored bytes are then deleted.
 */
export async function saveFiles(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  customerId: number,
  files: Partial<Record<CreditFileKind, Buffer>>,
): Promise<CreditApplication> {
  await customerContact(deps, customerId);
  const before = await repo.applicationOf(deps.db, customerId);
  if (before && !repo.editableStatuses.includes(before.status)) return refuseLocked(deps, customerId);
  const prepared = [];
  for (const [field, bytes] of Object.entries(files)) {
    if (bytes?.length) prepared.push(await prepareCreditFile(field as CreditFileKind, bytes));
  }
  const stored: Record<string, Awaited<ReturnType<typeof storeCreditFile>>> = {};
  let row: repo.ApplicationRow | undefined;
  try {
    for (const file of prepared) stored[file.field] = await storeCreditFile(deps.storage, customerId, file);
    row = await repo.saveDraft(deps.db, customerId, { files: stored });
  } catch (error) {
    await removeKeys(
      deps,
      Object.values(stored).map((file) => file.key),
    );
    throw error;
  }
  if (!row) {
    await removeKeys(
      deps,
      Object.values(stored).map((file) => file.key),
    );
    return refuseLocked(deps, customerId);
  }
  const replaced = Object.keys(stored).flatMap((field) => before?.files?.[field]?.key ?? []);
  await removeKeys(deps, replaced);
  return applicationView(row);
}

async function removeKeys(deps: Pick<Deps, 'storage' | 'log'>, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'could not delete a credit file')),
    ),
  );
}

/**
 * The final submission: Draft (SAVE AS DRAFT) or Pending (SUBMIT). SUBMIT checks the whole application again
 * (every required field of both steps, the option lists, the signature, the terms) and moves Draft -> Pending.
 */
export async function submission(
  deps: Pick<Deps, 'db'>,
  customerId: number,
  input: { status: 'Draft' | 'Pending'; termsAccepted: boolean },
) {
  await customerContact(deps, customerId);
  if (input.status === 'Draft') {
    const row = await repo.saveDraft(deps.db, customerId, {});
    if (!row) return refuseLocked(deps, customerId);
    return { success: true as const, status: row.status, customer_id: customerId, message: words.drafted };
  }
  const current = await repo.applicationOf(deps.db, customerId);
  if (current && !repo.editableStatuses.includes(current.status)) return refuseLocked(deps, customerId);
  const view = current ? applicationView(current) : null;
  if (!view) throw new HttpError('VALIDATION', words.fillRequired);
  refuseFields({ ...missingForm1(view.form_1), ...form1Problems(view.form_1), ...missingForm2(view.form_2) });
  if (!view.files.applicantSignature) {
    throw new HttpError('VALIDATION', words.attachSignature, { applicantSignature: words.attachSignature });
  }
  if (!input.termsAccepted) throw new HttpError('VALIDATION', words.termsRequired, { terms: words.termsRequired });
  if (current?.status === 'Rejected') await repo.saveDraft(deps.db, customerId, {});
  const row = await repo.submit(deps.db, customerId);
  if (!row) return refuseLocked(deps, customerId);
  return { success: true as const, status: row.status, customer_id: customerId, message: words.submitted };
}

/** One of an application's files, for its applicant (or, through the review, an administrator); else 404. */
export async function fileOf(deps: Pick<Deps, 'db' | 'storage'>, row: repo.ApplicationRow | undefined, field: string) {
  const record = row?.files?.[field];
  const bytes = record ? await deps.storage.read(record.key) : null;
  if (!record || !bytes) throw new HttpError('NOT_FOUND', messages.notFound);
  return { bytes, contentType: record.contentType, name: record.name };
}

export async function ownFile(deps: Pick<Deps, 'db' | 'storage'>, customerId: number, field: string) {
  return fileOf(deps, await repo.applicationOf(deps.db, customerId), field);
}
