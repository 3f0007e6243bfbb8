import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createUser, signedIn } from '../../test/factories.ts';

/** Shared set-ups of the credit application tests: a complete application, files, an admin session. */

export const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

export const validForm1 = {
  creditLimit: 150_000,
  creditTerms: 30,
  companyName: 'Santos Hardware',
  companyEmail: 'santos@example.test',
  contactPerson: 'Maria Santos',
  mobilePhone: '09999999999',
  alternativeMobilePhone: '09181234567',
  landline: '',
  islandGroup: 'LUZON',
  area: 'Metro Manila',
  companyCity: 'Quezon City',
  companyBrgy: 'Socorro',
  postCode: '1109',
  addressLine1: '12 Aurora Blvd',
  addressLine2: '',
  additionalInformation: 'Hardware store since 2001',
  ownerName: 'Jose Santos',
  ownerMobilePhone: '09191234567',
};

export const validForm2 = {
  bankName: 'BDO',
  bankBranchName: 'Cubao',
  bankAccountName: 'Santos Hardware',
  bankAccountNumber: '001234567890',
  bankMgrFirstName: 'Ana',
  bankMgrLastName: 'Reyes',
  bankMgrPhoneNumber: '0281234567',
  bankEmail: 'manager@bank.example.test',
  tradeRefCompanyName: '',
  tradeCompanyArea: '',
  tradeCompanyCity: '',
  tradeCompanyBrgy: '',
  tradeCompanyAddressLine1: '',
  tradeCompanyAddressLine2: '',
  tradeCompanyPostCode: '',
  tradeCompanyPhone: '',
  tradeDateOfAccountOpening: '',
  tradeCustomerPhone: '',
};

export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

export function png(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 80, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
}

/** Sends files as multipart; every part is named "x.png" with type image/png, whatever it holds. */
export async function upload(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  files: Record<string, Buffer>,
) {
  const body = new FormData();
  for (const [name, bytes] of Object.entries(files)) {
    body.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${name}.png`);
  }
  const encoded = new Response(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** A buyer with a complete, submitted (Pending) application. */
export async function pendingApplication(app: FastifyInstance) {
  const buyer = await signedIn(app);
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1/rpaf/${url}`, headers: buyer.headers, payload: payload as object });
  expect((await post('submission-1', { form_1: validForm1 })).statusCode).toBe(200);
  expect((await post('submission-2', { form_2: validForm2 })).statusCode).toBe(200);
  const signature = await upload(app, '/api/v1/rpaf/signature', buyer.headers, { applicantSignature: await png() });
  expect(signature.statusCode, signature.body).toBe(200);
  const submitted = await post('submission', { status: 'Pending', termsAccepted: true });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const mine = await app.inject({ url: '/api/v1/rpaf', headers: buyer.headers });
  return { ...buyer, applicationId: mine.json().rpafDetail.id as number };
}

/** An administrator's session cookie and CSRF header. */
export async function adminHeaders(app: FastifyInstance) {
  const admin = await createUser(app, { role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'tibay_admin')!.value;
  return { admin, headers: { ...csrf, cookie: `tibay_admin=${cookie}` } };
}
