import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { createUser } from '../../test/factories.ts';

/** Test set-up shared by the purchasing tests: signed-in administrators, a seller with products, a supplier. */

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

export async function purchasingWorld(app: FastifyInstance) {
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 13, 'TOOLS');
  const seller = await insertSeller(app, { name: 'Bakal Pro Trading' });
  const otherSeller = await insertSeller(app, { name: 'Another Hardware' });
  const cement = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Portland Cement 40kg',
    price: 24_500,
    stock: 10,
  });
  const hammer = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 13,
    name: 'Claw Hammer',
    price: 35_000,
    variations: [
      { name: '16 oz', price: 35_000, stock: 0 },
      { name: '20 oz', price: 42_000, stock: 3 },
    ],
  });
  const foreign = await insertProduct(app, { sellerId: otherSeller.id, categoryId: 2, name: 'Other Cement', stock: 5 });
  return {
    seller,
    otherSeller,
    cement: cement.id,
    hammer16: hammer.variations[0]!.id,
    hammer20: hammer.variations[1]!.id,
    hammerRoot: hammer.id,
    foreign: foreign.id,
  };
}
