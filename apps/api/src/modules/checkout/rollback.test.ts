import { messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { creditLines, vouchers } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import {
  buyerWithCart,
  countRows,
  delivery,
  insertCreditLine,
  insertVoucher,
  placeOrder,
  stockOf,
} from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The stock ledger reports the product named here as short after really taking every line, as if another checkout
 * took its last units mid-transaction: what was taken must all come back with the rollback.
 */
const failing = vi.hoisted(() => ({ productId: 0 }));
vi.mock('../../lib/stock-ledger.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/stock-ledger.ts')>();
  return {
    ...real,
    takeStocks: async (...args: Parameters<typeof real.takeStocks>) => {
      const short = await real.takeStocks(...args);
      return args[1].some((movement) => movement.productId === failing.productId)
        ? [...short, failing.productId]
        : short;
    },
  };
});

const SETUP_TIMEOUT = 300_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

it('a failure mid-transaction (the second line short) leaves no order, reservation, voucher use or debit', async () => {
  await insertCategory(t.app, 2, 'CEMENT');
  const sellerA = await insertSeller(t.app);
  const sellerB = await insertSeller(t.app);
  const first = (await insertProduct(t.app, { sellerId: sellerA.id, categoryId: 2, name: 'First', stock: 50 })).id;
  const second = (await insertProduct(t.app, { sellerId: sellerB.id, categoryId: 2, name: 'Second', stock: 50 })).id;
  failing.productId = second;
  const voucher = await insertVoucher(t.app, { code: 'MIDWAY', amount: 100, usageLimit: 3 });
  const b = await buyerWithCart(t.app, [
    { productId: first, quantity: 3 },
    { productId: second, quantity: 2 },
  ]);
  const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 10_000_000 });

  const res = await placeOrder(t.app, b.headers, {
    cart_item_ids: b.cartItemIds,
    ...delivery('pickup'),
    payment_method: 'build_credit',
    voucher_code: 'MIDWAY',
  });
  expect(res.statusCode).toBe(409);
  expect(res.json().error.message).toBe(messages.outOfStockAtCheckout.replace('{name}', 'Second'));
  expect(await stockOf(t.app, first)).toBe(50);
  expect(await stockOf(t.app, second)).toBe(50);
  expect(await countRows(t.app, 'stock_movements', sql`reference like 'ORD%'`)).toBe(0);
  expect(await countRows(t.app, 'orders')).toBe(0);
  expect(await countRows(t.app, 'order_items')).toBe(0);
  expect(await countRows(t.app, 'checkouts')).toBe(0);
  expect(await countRows(t.app, 'payments')).toBe(0);
  expect(await countRows(t.app, 'voucher_redemptions')).toBe(0);
  const [v] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
  expect(v!.usedCount).toBe(0);
  const [after] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
  expect(after).toMatchObject({ balance: 10_000_000, used: 0 });
  expect(await countRows(t.app, 'credit_transactions')).toBe(0);
  expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(2);

  // Once the stock is there again, the same cart goes through with the same Idempotency-Key rules as any other.
  failing.productId = 0;
  const ok = await placeOrder(t.app, b.headers, {
    cart_item_ids: b.cartItemIds,
    ...delivery('pickup'),
    payment_method: 'build_credit',
    voucher_code: 'MIDWAY',
  });
  expect(ok.statusCode).toBe(200);
  expect(await stockOf(t.app, first)).toBe(47);
  expect(await stockOf(t.app, second)).toBe(48);
});
