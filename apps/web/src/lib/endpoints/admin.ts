import type {
  adminDashboard,
  adminLoginRequest,
  adminMailRetryResponse,
  adminMoveOrderInput,
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderPage,
  adminSession,
  adminUndeliveredMailList,
  profileResponse,
  profileReviewPage,
  profileReviewQuery,
  searchSynonym,
  searchSynonymInput,
  searchSynonymList,
} from '@tibay/contract';
import { defineEndpoint, noContent, type Schema, schema } from '../endpoint.ts';

/** The back office's routes (cookie session and CSRF header, see features/admin). */
export const session = defineEndpoint({
  method: 'GET',
  path: '/admin/session',
  response: schema<typeof adminSession>(),
});
export const login = defineEndpoint({
  method: 'POST',
  path: '/admin/session',
  body: schema<typeof adminLoginRequest>(),
  response: schema<typeof adminSession>(),
});
export const logout = defineEndpoint({ method: 'DELETE', path: '/admin/session', response: noContent });
export const orders = defineEndpoint({
  method: 'GET',
  path: '/admin/orders',
  query: schema<typeof adminOrderListQuery>(),
  response: schema<typeof adminOrderPage>(),
});
export const order = defineEndpoint({
  method: 'GET',
  path: '/admin/orders/:reference',
  response: schema<typeof adminOrderDetail>(),
});
export const moveOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:reference/status',
  body: schema<typeof adminMoveOrderInput>(),
  response: schema<typeof adminOrderDetail>(),
});
export const recordRefund = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:reference/refund',
  response: schema<typeof adminOrderDetail>(),
});
export const dashboard = defineEndpoint({
  method: 'GET',
  path: '/admin/dashboard',
  response: schema<typeof adminDashboard>(),
});
export const undeliveredMail = defineEndpoint({
  method: 'GET',
  path: '/admin/mail/undelivered',
  response: schema<typeof adminUndeliveredMailList>(),
});
export const retryMail = defineEndpoint({
  method: 'POST',
  path: '/admin/mail/:id/retry',
  response: schema<typeof adminMailRetryResponse>(),
});
export const synonyms = defineEndpoint({
  method: 'GET',
  path: '/admin/search-synonyms',
  response: schema<typeof searchSynonymList>(),
});
export const addSynonym = defineEndpoint({
  method: 'POST',
  path: '/admin/search-synonyms',
  body: schema<typeof searchSynonymInput>(),
  response: schema<typeof searchSynonym>(),
});
export const changeSynonym = defineEndpoint({
  method: 'PUT',
  path: '/admin/search-synonyms/:id',
  body: schema<typeof searchSynonymInput>(),
  response: schema<typeof searchSynonym>(),
});
export const deleteSynonym = defineEndpoint({
  method: 'DELETE',
  path: '/admin/search-synonyms/:id',
  response: noContent,
});

/** The profile review (admin-v2 Profiles, decision 0032): the queue, one profile, VERIFY; files are read as blobs. */
export const profilesToReview = defineEndpoint({
  method: 'GET',
  path: '/admin/profiles',
  query: schema<typeof profileReviewQuery>(),
  response: schema<typeof profileReviewPage>(),
});
export const profileToReview = defineEndpoint({
  method: 'GET',
  path: '/admin/profiles/:id',
  response: schema<typeof profileResponse>(),
});
export const profileFile = defineEndpoint({
  method: 'GET',
  path: '/admin/profiles/:id/files/:kind',
  response: schema<Schema<Blob>>(),
});
export const verifyProfile = defineEndpoint({
  method: 'POST',
  path: '/admin/profiles/:id/verify',
  response: schema<typeof profileResponse>(),
});
