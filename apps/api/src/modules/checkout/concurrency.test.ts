import { randomUUID } from 'node:crypto';
import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, vouchers } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import {
  addCartLine,
  buyerWithCart,
  countRows,
  delivery,
  insertVoucher,
  placeOrder,
  stockOf,
} from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SETUP_TIMEOUT = 300_000;
const RACE_TIMEOUT = 240_000;
let t: TestApp;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  sellerId = (await insertSeller(t.app)).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

describe('concurrent checkouts', () => {
  for (const round of [1, 2, 3]) {
    it(
      `round ${round}: 50 buyers for the last 5 units give exactly 5 orders and stock 0`,
      async () => {
        const product = (await insertProduct(t.app, { sellerId, categoryId: 2, name: `Last units ${round}`, stock: 5 }))
          .id;
        const buyers = await Promise.all(
          Array.from({ length: 50 }, () => buyerWithCart(t.app, [{ productId: product, quantity: 1 }])),
        );
        const answers = await Promise.all(
          buyers.map((b) =>
            placeOrder(t.app, b.headers, {
              cart_item_ids: b.cartItemIds,
              ...delivery('pickup'),
              payment_method: 'cod',
            }),
          ),
        );
        const statuses = answers.map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(5);
        expect(statuses.filter((s) => s === 409)).toHaveLength(45);
        for (const answer of answers.filter((a) => a.statusCode === 409)) {
          expect(answer.json().error.message).toBe(
            messages.outOfStockAtCheckout.replace('{name}', `Last units ${round}`),
          );
        }
        expect(await stockOf(t.app, product)).toBe(0);
        // The shop's figure (tree_stock, kept by the stock triggers) follows: the item page says none are left.
        expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${product}` })).json().product.stocks).toBe(
          0,
        );
        expect(await countRows(t.app, 'order_items', sql`product_id = ${product}`)).toBe(5);
        expect(await countRows(t.app, 'stock_movements', sql`product_id = ${product} and kind = 'commit'`)).toBe(5);
      },
      RACE_TIMEOUT,
    );
  }

  it(
    'a single-use voucher raced by twenty checkouts is used once',
    async () => {
      const product = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Plenty', stock: 1000 })).id;
      const voucher = await insertVoucher(t.app, { code: 'ONLYONE', amount: 1_000, usageLimit: 1 });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, () => buyerWithCart(t.app, [{ productId: product, quantity: 1 }])),
      );
      const answers = await Promise.all(
        buyers.map((b) =>
          placeOrder(t.app, b.headers, {
            cart_item_ids: b.cartItemIds,
            ...delivery('pickup'),
            payment_method: 'cod',
            voucher_code: 'ONLYONE',
          }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json().fees.voucher).toBe(1_000);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect(answer.statusCode).toBe(422);
        expect(answer.json().error.message).toBe(messages.voucherFullyUsed);
      }
      const [row] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row!.usedCount).toBe(1);
      expect(await countRows(t.app, 'voucher_redemptions', sql`voucher_id = ${voucher.id}`)).toBe(1);
      expect(await stockOf(t.app, product)).toBe(999);
    },
    RACE_TIMEOUT,
  );

  it(
    'a once-per-customer voucher used by one buyer in five checkouts at once is used once',
    async () => {
      const product = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Per buyer', stock: 100 })).id;
      const voucher = await insertVoucher(t.app, { code: 'MINEONCE', amount: 500, perCustomerLimit: 1 });
      const b = await buyerWithCart(t.app, []);
      const lines = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const other = (await insertProduct(t.app, { sellerId, categoryId: 2, name: `Per buyer ${i}`, stock: 10 })).id;
          return addCartLine(t.app, b.user.id, i === 0 ? product : other, 1);
        }),
      );
      const answers = await Promise.all(
        lines.map((line) =>
          placeOrder(t.app, b.headers, {
            cart_item_ids: [line],
            ...delivery('pickup'),
            payment_method: 'cod',
            voucher_code: 'MINEONCE',
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect(answer.json().error.message).toBe(messages.voucherAlreadyUsed);
      }
      expect(await countRows(t.app, 'voucher_redemptions', sql`voucher_id = ${voucher.id}`)).toBe(1);
    },
    RACE_TIMEOUT,
  );

  it(
    'the same cart lines sent five times at once with different keys are bought once',
    async () => {
      const product = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Twice', stock: 10 })).id;
      const b = await buyerWithCart(t.app, [{ productId: product, quantity: 2 }]);
      const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(t.app, b.headers, data)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect([404, 409]).toContain(answer.statusCode);
      }
      expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(1);
      expect(await stockOf(t.app, product)).toBe(8);
    },
    RACE_TIMEOUT,
  );

  it(
    'the same Idempotency-Key sent five times at once gives one order and five equal answers',
    async () => {
      const product = (await insertProduct(t.app, { sellerId, categoryId: 2, name: 'Once', stock: 10 })).id;
      const b = await buyerWithCart(t.app, [{ productId: product, quantity: 2 }]);
      const key = randomUUID();
      const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(t.app, b.headers, data, { key })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const bodies = answers.map((a) => a.body);
      expect(new Set(bodies).size).toBe(1);
      expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(1);
      expect(await stockOf(t.app, product)).toBe(8);
      const [p] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product));
      expect(p!.stock).toBe(8);
    },
    RACE_TIMEOUT,
  );
});
