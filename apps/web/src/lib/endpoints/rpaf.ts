import type {
  creditApplication,
  creditDateLimitList,
  creditLimitList,
  placesQuery,
  placesResponse,
  rpafForm1Request,
  rpafForm2Request,
  rpafResponse,
  rpafSubmissionRequest,
  rpafSubmissionResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, type Schema, schema } from '../endpoint.ts';

/** The BuildCredit application (spec 3 §7): option lists, places, submission 1 and 2, files, final submission. */
export const creditLimits = defineEndpoint({
  method: 'GET',
  path: '/rpaf/credit-limits',
  response: schema<typeof creditLimitList>(),
});
export const creditDateLimits = defineEndpoint({
  method: 'GET',
  path: '/rpaf/credit-date-limits',
  response: schema<typeof creditDateLimitList>(),
});
export const places = defineEndpoint({
  method: 'GET',
  path: '/rpaf/places',
  query: schema<typeof placesQuery>(),
  response: schema<typeof placesResponse>(),
});
export const application = defineEndpoint({ method: 'GET', path: '/rpaf', response: schema<typeof rpafResponse>() });
export const saveForm1 = defineEndpoint({
  method: 'POST',
  path: '/rpaf/submission-1',
  body: schema<typeof rpafForm1Request>(),
  response: schema<typeof creditApplication>(),
});
export const saveForm2 = defineEndpoint({
  method: 'POST',
  path: '/rpaf/submission-2',
  body: schema<typeof rpafForm2Request>(),
  response: schema<typeof creditApplication>(),
});
/** Multipart: any of the ten file fields (step 2). Sent with upload progress (XMLHttpRequest), see upload.ts. */
export const saveFiles = defineEndpoint({
  method: 'POST',
  path: '/rpaf/files',
  body: multipart,
  response: schema<typeof creditApplication>(),
});
/** Multipart: applicantSignature (step 3). */
export const saveSignature = defineEndpoint({
  method: 'POST',
  path: '/rpaf/signature',
  body: multipart,
  response: schema<typeof creditApplication>(),
});
export const submission = defineEndpoint({
  method: 'POST',
  path: '/rpaf/submission',
  body: schema<typeof rpafSubmissionRequest>(),
  response: schema<typeof rpafSubmissionResponse>(),
});
/** A file of the buyer's own application (private: read with the bearer token, shown as an object URL). */
export const file = defineEndpoint({ method: 'GET', path: '/rpaf/files/:field', response: schema<Schema<Blob>>() });
