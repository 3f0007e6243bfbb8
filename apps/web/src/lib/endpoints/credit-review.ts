import type {
  approveCreditRequest,
  creditReviewDetail,
  creditReviewPage,
  creditReviewQuery,
  rejectCreditRequest,
  requestDocumentsRequest,
} from '@tibay/contract';
import { defineEndpoint, type Schema, schema } from '../endpoint.ts';

/** The BuildCredit review (admin-v2), called through the admin transport. */
export const queue = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-applications',
  query: schema<typeof creditReviewQuery>(),
  response: schema<typeof creditReviewPage>(),
});
export const detail = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-applications/:id',
  response: schema<typeof creditReviewDetail>(),
});
export const file = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-applications/:id/files/:field',
  response: schema<Schema<Blob>>(),
});
export const approve = defineEndpoint({
  method: 'POST',
  path: '/admin/credit-applications/:id/approve',
  body: schema<typeof approveCreditRequest>(),
  response: schema<typeof creditReviewDetail>(),
});
export const reject = defineEndpoint({
  method: 'POST',
  path: '/admin/credit-applications/:id/reject',
  body: schema<typeof rejectCreditRequest>(),
  response: schema<typeof creditReviewDetail>(),
});
export const requestDocuments = defineEndpoint({
  method: 'POST',
  path: '/admin/credit-applications/:id/request-documents',
  body: schema<typeof requestDocumentsRequest>(),
  response: schema<typeof creditReviewDetail>(),
});
