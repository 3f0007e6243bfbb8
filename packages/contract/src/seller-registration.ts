import { z } from 'zod';
import { pageOf } from './pagination.ts';
import { addressMaxLength, addressMinLength, philippineBounds } from './profile.ts';

/**
 * Seller company registration (spec 3 §2.3, §3 Seller registration, §4, §5, §7, §8, §9) and its approval in
 * admin-v2 (decision 0040).
 */

export const sellerRegistrationMessages = {
  // The spec's words (spec 3 §8).
  logoRequired: 'Please upload seller company logo',
  registered: 'Registration Completed',
  failed: 'Something went wrong',
  // Ours, where the spec is silent.
  logoTooLarge: 'The logo must be 3 MB or smaller.',
  logoInvalid: 'Please upload a PNG or JPEG image.',
  parentRequired: 'Please choose whether this is a parent company.',
  motherRequired: 'Please choose the mother company.',
  motherUnknown: 'Please choose a mother company from the list.',
  nameRequired: 'Please enter the company name.',
  descriptionRequired: 'Please enter the company description.',
  ownerRequired: 'Please enter the owner.',
  emailRequired: 'Please enter the company email.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'This email already belongs to a seller.',
  emailHasAccount: 'This email already has a Tibay account. Please use another email for the seller account.',
  emailPending: 'A registration with this email is already waiting for approval.',
  rateRequired: 'Please enter a number of 0 or more.',
  rateTooHigh: 'Please enter at most 1,000,000.',
  rateDecimals: 'Please use at most 2 decimals.',
  locationRequired: 'Please pin the company location on the map.',
  addressRequired: 'Please enter the company address.',
  notPending: 'This registration has already been decided.',
  reasonRequired: 'Please give the reason for the rejection.',
  approved: 'Seller approved. We emailed the set-password link.',
  rejected: 'Registration rejected. We emailed the reason.',
} as const;

/** The logo's size limit (uploads are labelled 3 MB, spec 3 §9). */
export const sellerLogoMaxBytes = 3 * 1024 * 1024;
/** Seller approval takes 3-5 working days; the default mother company; the companies list size (spec 3 §9). */
export const sellerRegistrationConstants = {
  approvalDays: '3-5 working days',
  defaultMotherCompanyId: 23,
  companiesPageSize: 20,
} as const;

export const computationMethods = ['Fixed', 'Per KM'] as const;
export type ComputationMethod = (typeof computationMethods)[number];

const m = sellerRegistrationMessages;
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please enter at most ${max} characters.`);

/** A fee in pesos: a number, 0 or more, at most 2 decimals (spec 3 §5: the four rate fields are numbers >= 0). */
export const pesoRate = z
  .number({ error: m.rateRequired })
  .finite(m.rateRequired)
  .min(0, m.rateRequired)
  .max(1_000_000, m.rateTooHigh)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, m.rateDecimals);

/** Step 1 (/seller): company information (the logo travels as the multipart file sellerLogo). */
const companyInformationFields = z.object({
  parentCompany: z.boolean({ error: m.parentRequired }),
  motherCompanyId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  companyName: requiredText(m.nameRequired, 120),
  description: requiredText(m.descriptionRequired, 2000),
  owner: requiredText(m.ownerRequired, 120),
  emailAddress: z.string({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(254).email(m.emailInvalid),
});
function motherWhenNotParent(value: { parentCompany: boolean; motherCompanyId?: number | null }, ctx: z.RefinementCtx) {
  if (!value.parentCompany && !value.motherCompanyId) {
    ctx.addIssue({ code: 'custom', path: ['motherCompanyId'], message: m.motherRequired });
  }
}
export const sellerCompanyInformation = companyInformationFields.superRefine(motherWhenNotParent);
export type SellerCompanyInformation = z.infer<typeof sellerCompanyInformation>;

/** Step 2 (/sellerrate): shipping rates, in pesos. */
export const sellerRates = z.object({
  computationMethod: z.enum(computationMethods).default('Fixed'),
  smallItemFeeFixed: pesoRate,
  bigItemFeeFixed: pesoRate,
  smallItemFeePerKM: pesoRate,
  bigItemFeePerKM: pesoRate,
});
export type SellerRates = z.infer<typeof sellerRates>;

/** Step 3 (/sellerlocation): the pinned point and its address. */
export const sellerLocation = z.object({
  latitude: z
    .number({ error: m.locationRequired })
    .min(philippineBounds.south, m.locationRequired)
    .max(philippineBounds.north, m.locationRequired),
  longitude: z
    .number({ error: m.locationRequired })
    .min(philippineBounds.west, m.locationRequired)
    .max(philippineBounds.east, m.locationRequired),
  address: z
    .string({ error: m.addressRequired })
    .trim()
    .min(addressMinLength, m.addressRequired)
    .max(addressMaxLength, `Please enter at most ${addressMaxLength} characters.`),
});
export type SellerLocation = z.infer<typeof sellerLocation>;

/** POST /seller-registrations: multipart with `data` (this JSON) and the file `sellerLogo` (spec 3 §7). */
export const sellerRegistrationData = z
  .object({
    ...companyInformationFields.shape,
    ...sellerRates.shape,
    ...sellerLocation.shape,
  })
  .strict()
  .superRefine(motherWhenNotParent);
export type SellerRegistrationData = z.input<typeof sellerRegistrationData>;

export const sellerRegistrationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

/** GET /seller-companies?page=1&pageSize=20: the mother company choices (spec 3 §7: name and id). */
export const sellerCompaniesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(sellerRegistrationConstants.companiesPageSize),
  q: z.string().trim().max(100).default(''),
  /** A company to include in the answer's result whatever the page (the chosen or default mother company). */
  include: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type SellerCompaniesQuery = z.input<typeof sellerCompaniesQuery>;
export const sellerCompanyChoice = z.object({ id: z.number().int(), name: z.string() });
export const sellerCompaniesResponse = pageOf(sellerCompanyChoice).extend({ result: z.array(sellerCompanyChoice) });
export type SellerCompaniesResponse = z.infer<typeof sellerCompaniesResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Admin-v2: the registrations queue, one registration, approve and reject.

export const registrationStatuses = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const sellerRegistrationListQuery = z.object({
  status: z.enum([...registrationStatuses, 'all']).default('pending'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SellerRegistrationListQuery = z.input<typeof sellerRegistrationListQuery>;

export const sellerRegistrationRow = z.object({
  id: z.number().int(),
  company_name: z.string(),
  owner: z.string(),
  email: z.string(),
  status: z.enum(registrationStatuses),
  created_at: z.string(),
});
export type SellerRegistrationRow = z.infer<typeof sellerRegistrationRow>;
export const sellerRegistrationPage = pageOf(sellerRegistrationRow);

export const sellerRegistrationDetail = sellerRegistrationRow.extend({
  description: z.string(),
  parent_company: z.boolean(),
  mother_company: sellerCompanyChoice.nullable(),
  /** Rates in centavos. */
  computation_method: z.enum(computationMethods),
  small_item_fee_fixed: z.number().int(),
  big_item_fee_fixed: z.number().int(),
  small_item_fee_per_km: z.number().int(),
  big_item_fee_per_km: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** The shop created by the approval. */
  seller: z.object({ id: z.number().int(), url_handle: z.string() }).nullable(),
});
export type SellerRegistrationDetail = z.infer<typeof sellerRegistrationDetail>;

export const rejectRegistrationRequest = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(1000),
});

export const registrationDecisionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  registration: sellerRegistrationDetail,
});

// ---------------------------------------------------------------------------------------------------------------
// The seller center's first day: what is missing (profile, banner, first product) and the shop profile.

export const shopProfile = z.object({
  name: z.string(),
  url_handle: z.string(),
  description: z.string(),
  phone: z.string().nullable(),
  logo_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  /** Done steps of a new seller's first day. */
  setup: z.object({ profile: z.boolean(), banner: z.boolean(), product: z.boolean() }),
});
export type ShopProfile = z.infer<typeof shopProfile>;

export const shopProfileInput = z.object({
  description: requiredText(m.descriptionRequired, 2000),
  phone: z
    .string({ error: 'Please enter the shop phone number.' })
    .trim()
    .regex(/^(\+63|0)\d{9,10}$/, 'Please enter a valid phone number.'),
});
export type ShopProfileInput = z.infer<typeof shopProfileInput>;
/** The banner's size limit. */
export const shopBannerMaxBytes = 3 * 1024 * 1024;
