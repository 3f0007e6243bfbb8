import { createHmac, randomUUID } from 'node:crypto';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { creditLines, orders } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, createUser, type TestUser } from '../../test/factories.ts';
import { buyerWithCart, delivery, insertCreditLine, multipart, placeOrder } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

export let t: TestApp;
export let productId: number;
let admin: TestUser;
export const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

/** The module's test files share one set-up: an app with an administrator and a shop selling cement. */
export function useRepaymentApp() {
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '100', AUTH_RATE_LIMIT_PER_IP: '100' });
    await insertCategory(t.app, 2, 'CEMENT');
    const shop = await insertSeller(t.app, { name: 'Bulacan Hardware Depot' });
    productId = (await insertProduct(t.app, { sellerId: shop.id, categoryId: 2, name: 'Portland Cement', stock: 500 }))
      .id;
    admin = await createUser(t.app, { role: 'admin', email: 'boss@tibay.test' });
  }, APP_START_TIMEOUT);
  afterAll(async () => {
    await t?.close();
  }, APP_START_TIMEOUT);
}

/** The administrator's cookie session as a request header. */
export async function adminCookie(): Promise<{ cookie: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'tibay_admin');
  return { cookie: `tibay_admin=${cookie!.value}` };
}

export const LIMIT = 10_000_000; // ₱100,000.00

/** A buyer with a BuildCredit line who bought cement on it at checkout; returns the order. */
export async function creditBuyer(quantity = 2) {
  const buyer = await buyerWithCart(t.app, [{ productId, quantity }]);
  const line = await insertCreditLine(t.app, { customerId: buyer.user.id, kind: 'buildcredit', balance: LIMIT });
  const order = await buyCredit(buyer.headers, buyer.cartItemIds);
  return { ...buyer, line, order };
}

export async function buyCredit(headers: Record<string, string>, cartItemIds: number[]) {
  const res = await placeOrder(t.app, headers, {
    cart_item_ids: cartItemIds,
    ...delivery('pickup'),
    payment_method: 'build_credit',
  });
  expect(res.statusCode, res.body).toBe(200);
  const reference: string = res.json().orders[0].reference;
  const [row] = await t.app.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

export function pay(headers: Record<string, string>, data: unknown, proof?: Buffer) {
  const body = multipart(data, proof ? { rpafpaymentPhoto: { bytes: proof } } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/credit/buildcredit/payments',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export async function creditOrders(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/credit/buildcredit/orders${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function lineOf(id: number) {
  const [row] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, id));
  return row!;
}

export function decide(id: number, cookie: Record<string, string>, body: object = { decision: 'verify' }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/credit-repayments/${id}/decision`,
    headers: { ...cookie, ...csrf },
    payload: body,
  });
}

/** The sandbox gateway's webhook for a session, signed as the gateway signs it (one fixed event id). */
export function signedPaid(sessionId: string, reference: string, amount: number, eventId = `evt_${randomUUID()}`) {
  const t0 = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: eventId,
    type: 'payment.paid',
    created: t0,
    data: { session_id: sessionId, reference, amount },
  });
  const v1 = createHmac('sha256', t.app.config.sandboxGatewaySecret).update(`${t0}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t0},v1=${v1}` } };
}
