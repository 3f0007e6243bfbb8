import { z } from 'zod';
import { customer } from './accounts.ts';
import { messages } from './messages.ts';
import { pageOf } from './pagination.ts';
import { isValidPhone } from './phone.ts';

/**
 * Change address and complete profile (spec 2: Change address; Update account / complete profile; §3 profile
 * update payload; §5 complete-profile rules).
 */

/** The Philippines, generously boxed: a pin outside it is a mistake. */
export const philippineBounds = { south: 4.2, north: 21.5, west: 116, east: 127.5 } as const;
export const addressMinLength = 10;
export const addressMaxLength = 300;

/** PUT /me/address: the delivery address and its pinned point. */
export const updateAddressRequest = z
  .object({
    address: z
      .string({ error: messages.addressTooShort })
      .trim()
      .min(addressMinLength, messages.addressTooShort)
      .max(addressMaxLength, `Please enter at most ${addressMaxLength} characters.`),
    latitude: z
      .number({ error: messages.addressOutsidePhilippines })
      .min(philippineBounds.south, messages.addressOutsidePhilippines)
      .max(philippineBounds.north, messages.addressOutsidePhilippines),
    longitude: z
      .number({ error: messages.addressOutsidePhilippines })
      .min(philippineBounds.west, messages.addressOutsidePhilippines)
      .max(philippineBounds.east, messages.addressOutsidePhilippines),
  })
  .strict();
export type UpdateAddressRequest = z.infer<typeof updateAddressRequest>;

/** The saved customer (what the web keeps as `user`) with the spec's success words. */
export const updateAddressResponse = z.object({ success: z.literal(true), message: z.string(), user: customer });
export type UpdateAddressResponse = z.infer<typeof updateAddressResponse>;

export const customerTypes = ['Buyer', 'Agent'] as const;
export const buyerTypes = ['Company', 'End User'] as const;

/** The profile's fields shared by complete profile and the profile page. */
const profileFields = {
  customerType: z.enum(customerTypes, { error: messages.userTypeRequired }),
  /** The chosen agent (GET /agents); a Buyer only. */
  agentId: z.number().int().min(1).max(2_147_483_647).nullish(),
  buyerType: z.enum(buyerTypes, { error: messages.buyerTypeRequired }).nullish(),
  /** The company (hardware) name. */
  hardwareName: z.string().trim().max(150, 'Please enter at most 150 characters.').nullish(),
  phone: z
    .string({ error: messages.phoneRequired })
    .trim()
    .min(1, messages.phoneRequired)
    .refine(isValidPhone, messages.invalidPhone),
};

/** Rules (spec 2 §5): buyer type for a Buyer; company name for a Company buyer; an agent only for a Buyer. */
function profileRules(
  data: { customerType: string; agentId?: number | null; buyerType?: string | null; hardwareName?: string | null },
  context: z.RefinementCtx,
) {
  if (data.customerType === 'Buyer' && !data.buyerType) {
    context.addIssue({ code: 'custom', path: ['buyerType'], message: messages.buyerTypeRequired });
  }
  if (data.customerType === 'Agent' && data.agentId) {
    context.addIssue({ code: 'custom', path: ['agentId'], message: messages.agentOnlyForBuyer });
  }
  if (data.customerType === 'Buyer' && data.buyerType === 'Company' && !data.hardwareName) {
    context.addIssue({ code: 'custom', path: ['hardwareName'], message: messages.companyNameRequired });
  }
}

/**
 * The `data` part of POST /me/profile (multipart). The images travel as the files client_facial_verification and
 * client_signature. Rules (spec 2 §5): user type required; company name required unless Agent, and not kept for an
 * End User; phone required (and fixed once known, checked by the server); an agent only for a Buyer, optional.
 */
export const completeProfileData = z.object(profileFields).strict().superRefine(profileRules);
export type CompleteProfileData = z.input<typeof completeProfileData>;

/** The profile as the complete-profile and profile pages read it (the spec's customerDetail). */
export const profileDetail = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  type: z.enum(customerTypes),
  /** An agent's own code; for a buyer, the linked agent's code. */
  agent_code: z.string().nullable(),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hardware_name: z.string().nullable(),
  buyer_type: z.enum(buyerTypes).nullable(),
  is_completed_profile: z.boolean(),
  client_facial_verification: z.string().nullable(),
  client_signature: z.string().nullable(),
  file_2303: z.string().nullable(),
  /** Set by an administrator who reviewed the face capture, signature and BIR 2303. */
  verification_status: z.enum(['VERIFIED', 'PENDING']),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

/** GET /me/profile (the spec's loadProfileDatav1_1). */
export const profileResponse = z.object({ success: z.literal(true), customerDetail: profileDetail });
export type ProfileResponse = z.infer<typeof profileResponse>;

/** POST /me/profile: the saved profile and the customer the web keeps as `user`. */
export const completeProfileResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  customers: profileDetail,
  user: customer,
  /** True when the user type changed: the session ends and the user signs in again. */
  relogin: z.boolean(),
});
export type CompleteProfileResponse = z.infer<typeof completeProfileResponse>;

/** GET /agents?q= : agents by name, for the Buyer's agent selector. */
export const agentsQuery = z.object({ q: z.string().trim().max(100).default('') });
export const agentOption = z.object({ id: z.number().int(), name: z.string() });
export const agentsResponse = z.object({ items: z.array(agentOption) });
export type AgentOption = z.infer<typeof agentOption>;
export type AgentsResponse = z.infer<typeof agentsResponse>;

/** The webcam capture size (spec 2 Profile: 1280x720) and the upload limit of each image. */
export const faceCapture = { width: 1280, height: 720 } as const;
export const profileImageMaxBytes = 3 * 1024 * 1024;

/** The profile page's files (spec 2 Profile): read back through GET /me/profile/files/{kind}, never a public URL. */
export const profileFileKinds = ['face', 'signature', 'bir2303'] as const;
export type ProfileFileKind = (typeof profileFileKinds)[number];
/** What the BIR 2303 upload accepts (spec 2 §5); the server decides by the file's content, not its name. */
export const bir2303Accept = '.jpg,.jpeg,.png,.gif,.pdf';
export const profileFileMaxBytes = 3 * 1024 * 1024;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(80, 'Please enter at most 80 characters.');

/**
 * The `data` part of PUT /me/profile (the profile page's SAVE, multipart): the complete-profile fields and the
 * names. Files, all optional when one is already stored: client_facial_verification, client_signature, file_2303.
 */
export const profileUpdateData = z
  .object({ ...profileFields, firstName: personName('First name'), lastName: personName('Last name') })
  .strict()
  .superRefine(profileRules);
export type ProfileUpdateData = z.input<typeof profileUpdateData>;

/** PUT /me/profile: 'Changes Saved', the saved profile and customer; relogin when the user type changed. */
export const profileUpdateResponse = completeProfileResponse;
export type ProfileUpdateResponse = CompleteProfileResponse;

/**
 * GET /admin/profiles: the review queue (admin-v2 Profiles). Customers with a face capture, signature or BIR 2303
 * on record; `pending` (not yet VERIFIED, the default), `verified` or `all` (pending first); newest update first;
 * q searches the name and email.
 */
export const profileReviewStatuses = ['pending', 'verified', 'all'] as const;
export const profileReviewQuery = z.object({
  status: z.enum(profileReviewStatuses).default('pending'),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProfileReviewQuery = z.infer<typeof profileReviewQuery>;

export const profileReviewRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(customerTypes),
  verification_status: z.enum(['VERIFIED', 'PENDING']),
  updated_at: z.string(),
});
export type ProfileReviewRow = z.infer<typeof profileReviewRow>;
export const profileReviewPage = pageOf(profileReviewRow);
export type ProfileReviewPage = z.infer<typeof profileReviewPage>;
