import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createUser } from './factories.ts';

/** Signed-in administrators for the back-office tests (the admin cookie session and the CSRF header). */

export const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

/** A new administrator's headers: the session cookie and the admin header. */
export async function adminHeaders(app: FastifyInstance): Promise<Record<string, string> & { adminId: string }> {
  const admin = await createUser(app, { role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'tibay_admin')!.value;
  return { ...csrf, cookie: `tibay_admin=${cookie}`, adminId: String(admin.id) };
}

/** Only the request headers (the admin's id is for assertions). */
export function headersOf(admin: Record<string, string>): Record<string, string> {
  const { adminId: _id, ...headers } = admin;
  return headers;
}
