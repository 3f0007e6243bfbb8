import type {
  registrationDecisionResponse,
  rejectRegistrationRequest,
  sellerCompaniesQuery,
  sellerCompaniesResponse,
  sellerRegistrationDetail,
  sellerRegistrationListQuery,
  sellerRegistrationPage,
  sellerRegistrationResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, type Schema, schema } from '../endpoint.ts';

/** Seller registration (spec 3 §7): the mother company choices and the registration (public). */
export const companies = defineEndpoint({
  method: 'GET',
  path: '/seller-companies',
  query: schema<typeof sellerCompaniesQuery>(),
  response: schema<typeof sellerCompaniesResponse>(),
});
export const register = defineEndpoint({
  method: 'POST',
  path: '/seller-registrations',
  body: multipart,
  response: schema<typeof sellerRegistrationResponse>(),
});

/** Admin-v2 Seller registrations (admin cookie session). */
export const registrations = defineEndpoint({
  method: 'GET',
  path: '/admin/seller-registrations',
  query: schema<typeof sellerRegistrationListQuery>(),
  response: schema<typeof sellerRegistrationPage>(),
});
export const registration = defineEndpoint({
  method: 'GET',
  path: '/admin/seller-registrations/:id',
  response: schema<typeof sellerRegistrationDetail>(),
});
export const registrationLogo = defineEndpoint({
  method: 'GET',
  path: '/admin/seller-registrations/:id/logo',
  response: schema<Schema<Blob>>(),
});
export const approve = defineEndpoint({
  method: 'POST',
  path: '/admin/seller-registrations/:id/approve',
  response: schema<typeof registrationDecisionResponse>(),
});
export const reject = defineEndpoint({
  method: 'POST',
  path: '/admin/seller-registrations/:id/reject',
  body: schema<typeof rejectRegistrationRequest>(),
  response: schema<typeof registrationDecisionResponse>(),
});
