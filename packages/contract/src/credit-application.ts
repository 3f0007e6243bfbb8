import { z } from 'zod';
import { creditApplicationStatuses } from './accounts.ts';
import { pageOf, pageQuery } from './pagination.ts';

/**
 * The BuildCredit application (spec 3 §2.2, §3 form_1/form_2/files, §4, §5, §9; the spec's "rpaf"): company
 * information, bank and trade reference, files, consent and signature; then the administrators' review.
 */

export const creditApplicationMessages = {
  fillRequired: 'Please fill required fields.',
  drafted: 'Your application has been drafted.',
  submitted: 'Submitted Successfully!',
  saveError: 'There was an error saving your application. Please try again later',
  filesError: 'There was an error saving your files. Please try again later',
  attachSignature: 'Please attach your signature',
  provideSignature: 'Please provide a signature first',
  consentFailed: 'Something went wrong.',
  specialRpaf:
    'For a credit limit above 200,000, please do not proceed with this form and apply for Special RPAF instead.',
  leaveTitle: 'Are you sure you want to leave?',
  leaveText: 'Any unsaved changes will be lost.',
  unloadText: 'Are you sure you want to leave the page? Any unsaved changes will be lost.',
  required: 'This field is required.',
  digitsOnly: 'Please enter digits only.',
  invalidEmail: 'Please enter a valid email address.',
  termsRequired: 'Please agree to the terms and conditions.',
  notAnOption: 'Please choose one of the options.',
  unknownPlace: 'Please choose a place from the list.',
  fileInvalid: 'Please upload a PNG or JPEG image or a PDF.',
  signatureInvalid: 'Please upload a PNG or JPEG image.',
  pending: 'Your application is being processed and can no longer be changed.',
  approved: 'Your application has already been approved.',
  notPending: 'This application is no longer pending: it was already decided ({status}).',
  limitBelowUsed: 'The credit limit may not be below what the buyer has already used ({used}).',
} as const;

/** Island groups (spec 3 §3), LUZON first and the default. */
export const islandGroups = ['LUZON', 'VISAYAS', 'MINDANAO'] as const;
export type IslandGroup = (typeof islandGroups)[number];

/** The server's option lists (spec 3 §3: credit limit list entries have credit_limit; credit date list date_check). */
export const creditLimitOptions = [50_000, 100_000, 150_000, 200_000, 300_000, 500_000] as const;
export const creditTermOptions = [15, 30, 45, 60] as const;
/** Owner name and mobile appear at this limit or more; the Special RPAF note above specialRpafAbove (spec 3 §9). */
export const ownerFieldsFrom = 100_000;
export const specialRpafAbove = 200_000;
export const additionalInformationMax = 100;

export const creditLimitList = z.object({ results: z.array(z.object({ credit_limit: z.number().int() })) });
export const creditDateLimitList = z.object({ results: z.array(z.object({ date_check: z.number().int() })) });

const text = (max = 200) => z.string().trim().max(max, `Please enter at most ${max} characters.`).default('');
const digits = (max = 20) =>
  text(max).refine((value) => value === '' || /^\d+$/.test(value), creditApplicationMessages.digitsOnly);
const emailText = text(254).refine(
  (value) => value === '' || z.email().safeParse(value).success,
  creditApplicationMessages.invalidEmail,
);
const dateText = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Please enter a valid date.')
  .default('');
const amount = z.number().int().positive().max(1_000_000_000).nullable().default(null);

/** Step 1, company information (form_1). mobilePhone is the profile's phone; the server sets it. */
export const creditForm1 = z
  .object({
    creditLimit: amount,
    creditTerms: z.number().int().positive().max(365).nullable().default(null),
    companyName: text(),
    companyEmail: emailText,
    contactPerson: text(),
    mobilePhone: text(30),
    alternativeMobilePhone: digits(),
    landline: text(30),
    islandGroup: z.enum(islandGroups).default('LUZON'),
    area: text(),
    companyCity: text(),
    companyBrgy: text(),
    postCode: digits(4),
    addressLine1: text(),
    addressLine2: text(),
    additionalInformation: text(additionalInformationMax),
    ownerName: text(),
    ownerMobilePhone: digits(),
  })
  .strict();
export type CreditForm1 = z.output<typeof creditForm1>;

/** Step 2, bank and trade reference (form_2). */
export const creditForm2 = z
  .object({
    bankName: text(),
    bankBranchName: text(),
    bankAccountName: text(),
    bankAccountNumber: digits(30),
    bankMgrFirstName: text(),
    bankMgrLastName: text(),
    bankMgrPhoneNumber: digits(),
    bankEmail: emailText,
    tradeRefCompanyName: text(),
    tradeCompanyArea: text(),
    tradeCompanyCity: text(),
    tradeCompanyBrgy: text(),
    tradeCompanyAddressLine1: text(),
    tradeCompanyAddressLine2: text(),
    tradeCompanyPostCode: digits(4),
    tradeCompanyPhone: digits(),
    tradeDateOfAccountOpening: dateText,
    tradeCustomerPhone: digits(),
  })
  .strict();
export type CreditForm2 = z.output<typeof creditForm2>;

export const form1Required = [
  'creditLimit',
  'creditTerms',
  'mobilePhone',
  'alternativeMobilePhone',
  'area',
  'companyCity',
  'companyBrgy',
  'addressLine1',
  'companyName',
  'contactPerson',
] as const satisfies readonly (keyof CreditForm1)[];
export const form2Required = [
  'bankName',
  'bankBranchName',
  'bankAccountName',
  'bankAccountNumber',
  'bankMgrFirstName',
  'bankMgrLastName',
  'bankMgrPhoneNumber',
  'bankEmail',
] as const satisfies readonly (keyof CreditForm2)[];

/** Whether the owner's name and mobile are asked (and required): a limit of 100,000 or more. */
export function ownerFieldsShown(creditLimit: number | null | undefined): boolean {
  return (creditLimit ?? 0) >= ownerFieldsFrom;
}

const isEmpty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The required fields of step 1 left empty (spec 3 §5), each with its message. */
export function missingForm1(form: Partial<CreditForm1>): Record<string, string> {
  const required: (keyof CreditForm1)[] = [...form1Required];
  if (ownerFieldsShown(form.creditLimit)) required.push('ownerName', 'ownerMobilePhone');
  return Object.fromEntries(
    required.filter((field) => isEmpty(form[field])).map((field) => [field, creditApplicationMessages.required]),
  );
}

/** The required fields of step 2 left empty (spec 3 §5). */
export function missingForm2(form: Partial<CreditForm2>): Record<string, string> {
  return Object.fromEntries(
    form2Required.filter((field) => isEmpty(form[field])).map((field) => [field, creditApplicationMessages.required]),
  );
}

/** The ten file fields (spec 3 §3), in the order the form shows them, and what each may be. */
export const creditFileFields = [
  'storeHardware',
  'birForm',
  'businessPermit',
  'dtiRegistration',
  'governmentId',
  'bankAuthorization',
  'otherRelevant',
  'creditApprovalForm',
  'bankStatement',
  'tin',
] as const;
export type CreditFileField = (typeof creditFileFields)[number];
export const creditFileLabels: Record<CreditFileField | 'applicantSignature', string> = {
  storeHardware: 'Store / Hardware Photo',
  birForm: 'BIR Form 2303',
  businessPermit: "Business / Mayor's Permit",
  dtiRegistration: 'DTI / SEC Registration',
  governmentId: 'Government ID',
  bankAuthorization: 'Bank Authorization',
  otherRelevant: 'Other Relevant Documents',
  creditApprovalForm: 'Credit Approval Form',
  bankStatement: 'Bank Statement',
  tin: 'TIN',
  applicantSignature: 'Applicant Signature',
};
/** Each file at most 3 MB (spec 3 §9). */
export const creditFileMaxBytes = 3 * 1024 * 1024;
/** The store photo and the signature are pictures; the documents may also be PDFs. */
export function creditFileAllowsPdf(field: CreditFileField | 'applicantSignature'): boolean {
  return field !== 'storeHardware' && field !== 'applicantSignature';
}
export const creditFileKinds = [...creditFileFields, 'applicantSignature'] as const;
export type CreditFileKind = (typeof creditFileKinds)[number];

export const storedCreditFile = z.object({
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
});
export type StoredCreditFile = z.infer<typeof storedCreditFile>;

export const creditApplication = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  status: z.enum(creditApplicationStatuses),
  form_1: creditForm1,
  form_2: creditForm2,
  files: z.record(z.string(), storedCreditFile),
  terms_accepted: z.boolean(),
  submitted_at: z.string().nullable(),
  /** What the administrators asked for (more documents), shown to the buyer on the form. */
  documents_note: z.string().nullable(),
  /** The reason of a rejection, or the PDC note of an approval. */
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  updated_at: z.string(),
});
export type CreditApplication = z.infer<typeof creditApplication>;

/** GET /rpaf: the buyer's application (null before the first save) and the profile's id, email and phone. */
export const rpafResponse = z.object({
  rpafDetail: creditApplication.nullable(),
  customerDetail: z.object({ id: z.number().int(), email: z.string(), phone: z.string().nullable() }),
});
export type RpafResponse = z.infer<typeof rpafResponse>;

/** Submission 1 and 2: a draft keeps what is there (formats checked); NEXT (draft false) needs every required field. */
export const rpafForm1Request = z.object({ draft: z.boolean().default(false), form_1: creditForm1 }).strict();
export const rpafForm2Request = z.object({ draft: z.boolean().default(false), form_2: creditForm2 }).strict();
/** The final submission: Draft (SAVE AS DRAFT) or Pending (SUBMIT, with the terms accepted). */
export const rpafSubmissionRequest = z
  .object({ status: z.enum(['Draft', 'Pending']), termsAccepted: z.boolean().default(false) })
  .strict();
export const rpafSubmissionResponse = z.object({
  success: z.literal(true),
  status: z.enum(creditApplicationStatuses),
  customer_id: z.number().int(),
  message: z.string(),
});

export const placesQuery = z.object({
  islandGroup: z.enum(islandGroups).default('LUZON'),
  area: z.string().trim().max(200).optional(),
  city: z.string().trim().max(200).optional(),
});
/** The areas of an island group, the cities of an area, or the barangays of a city (the PSGC). */
export const placesResponse = z.object({ items: z.array(z.string()) });

// The review (admin-v2).
export const creditReviewStatuses = ['pending', 'draft', 'approved', 'rejected', 'all'] as const;
export const creditReviewQuery = pageQuery.extend({
  status: z.enum(creditReviewStatuses).default('pending'),
  q: z.string().trim().max(100).default(''),
});
export type CreditReviewQuery = z.infer<typeof creditReviewQuery>;
export const creditReviewRow = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
  credit_limit: z.number().int().nullable(),
  status: z.enum(creditApplicationStatuses),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
});
export type CreditReviewRow = z.infer<typeof creditReviewRow>;
export const creditReviewPage = pageOf(creditReviewRow);
export type CreditReviewPage = z.infer<typeof creditReviewPage>;

export const creditReviewDetail = z.object({
  application: creditApplication,
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** The buyer's BuildCredit line, when there is one. Centavos. */
  line: z
    .object({
      approved_limit: z.number().int(),
      used: z.number().int(),
      balance: z.number().int(),
      terms_days: z.number().int(),
      status: z.string(),
    })
    .nullable(),
  decided_by: z.string().nullable(),
});
export type CreditReviewDetail = z.infer<typeof creditReviewDetail>;

/** Approve: the limit in centavos, the terms in days, an optional PDC note. */
export const approveCreditRequest = z
  .object({
    approved_limit: z
      .number()
      .int()
      .positive('Please enter a credit limit above zero.')
      .max(100_000_000_000, 'Please enter a smaller credit limit.'),
    terms_days: z.number().int().min(1, 'Please enter the terms in days.').max(365, 'Terms may be at most 365 days.'),
    pdc_note: z.string().trim().max(500, 'Please enter at most 500 characters.').default(''),
  })
  .strict();
export const rejectCreditRequest = z
  .object({
    reason: z.string().trim().min(1, 'Please give a reason.').max(500, 'Please enter at most 500 characters.'),
  })
  .strict();
export const requestDocumentsRequest = z
  .object({
    note: z
      .string()
      .trim()
      .min(1, 'Please say which documents are needed.')
      .max(500, 'Please enter at most 500 characters.'),
  })
  .strict();
