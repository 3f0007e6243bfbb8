import { randomUUID } from 'node:crypto';
import { earliestScheduleDate, type PlaceOrderRequest, type ShippingType } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { cartItems, creditLines, products, users, vouchers } from '../db/schema/index.ts';
import { places } from './catalog-fixtures.ts';
import { bearer, createUser, tokenFor } from './factories.ts';

/** Helpers for the tests that place orders (checkout, orders, payments, admin, seller center): buyers with carts,
 * multipart orders, vouchers, credit lines. */

export const deliveryAddress = 'Unit 5, 123 Shaw Boulevard, Mandaluyong City, Metro Manila';
export const pin = { latitude: places.makati.lat, longitude: places.makati.lng };

export function delivery(type: ShippingType = 'standard') {
  return { address: deliveryAddress, ...pin, shipping_type: type, schedule_date: earliestScheduleDate(type) };
}

export async function buyerWithCart(
  app: FastifyInstance,
  lines: { productId: number; quantity: number }[],
  options: { completed?: boolean; agentId?: number } = {},
) {
  const user = await createUser(app, {
    isCompletedProfile: options.completed ?? true,
    address: deliveryAddress,
    latitude: pin.latitude,
    longitude: pin.longitude,
    ...(options.agentId ? { agentId: options.agentId } : {}),
  });
  const headers = bearer(await tokenFor(app, user));
  const items =
    lines.length > 0
      ? await app.db
          .insert(cartItems)
          .values(lines.map((line) => ({ customerId: user.id, productId: line.productId, quantity: line.quantity })))
          .returning({ id: cartItems.id, productId: cartItems.productId })
      : [];
  return { user, headers, cartItemIds: items.map((item) => item.id) };
}

export async function addCartLine(app: FastifyInstance, customerId: number, productId: number, quantity: number) {
  const [row] = await app.db
    .insert(cartItems)
    .values({ customerId, productId, quantity })
    .returning({ id: cartItems.id });
  return row!.id;
}

/** A multipart body for POST /checkout. */
export function multipart(
  data: unknown,
  files: Record<string, { bytes: Buffer; filename?: string; type?: string }> = {},
) {
  const boundary = `----tibay${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text));
  push(
    `--${boundary}\r\ncontent-disposition: form-data; name="data"\r\n\r\n${typeof data === 'string' ? data : JSON.stringify(data)}\r\n`,
  );
  for (const [name, file] of Object.entries(files)) {
    push(
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename ?? 'file.png'}"\r\n` +
        `content-type: ${file.type ?? 'image/png'}\r\n\r\n`,
    );
    chunks.push(file.bytes);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}

export interface PlaceOptions {
  key?: string | null;
  files?: Record<string, { bytes: Buffer; filename?: string; type?: string }>;
}

export function placeOrder(
  app: FastifyInstance,
  headers: Record<string, string>,
  data: Partial<PlaceOrderRequest> | Record<string, unknown> | string,
  options: PlaceOptions = {},
) {
  const body = multipart(data, options.files);
  const key = options.key === undefined ? randomUUID() : options.key;
  return app.inject({
    method: 'POST',
    url: '/api/v1/checkout',
    headers: { ...headers, 'content-type': body.contentType, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body.payload,
  });
}

export async function insertVoucher(
  app: FastifyInstance,
  values: Partial<typeof vouchers.$inferInsert> & { code: string },
) {
  const [row] = await app.db
    .insert(vouchers)
    .values({
      description: `${values.code} voucher`,
      discountType: 'fixed',
      amount: 10_000,
      validFrom: new Date(Date.now() - 86_400_000),
      validUntil: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning();
  return row!;
}

export async function insertCreditLine(
  app: FastifyInstance,
  values: { customerId: number; kind: 'buildcredit' | 'hardware' | 'yield'; balance: number; sellerId?: number | null },
) {
  const [row] = await app.db
    .insert(creditLines)
    .values({
      customerId: values.customerId,
      kind: values.kind,
      sellerId: values.sellerId ?? null,
      approvedLimit: values.balance,
      balance: values.balance,
    })
    .returning();
  return row!;
}

export async function stockOf(app: FastifyInstance, productId: number): Promise<number> {
  const [row] = await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export async function countRows(app: FastifyInstance, table: string, where = sql`true`): Promise<number> {
  const result = await app.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

export async function setProfileCompleted(app: FastifyInstance, userId: number, completed: boolean) {
  await app.db.update(users).set({ isCompletedProfile: completed }).where(eq(users.id, userId));
}
