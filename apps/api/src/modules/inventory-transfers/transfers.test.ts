import { adminMessages, inventoryTransferMessages as messages } from '@tibay/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inventoryTransfers, stockMovements } from '../../db/schema/index.ts';
import { adminHeaders, headersOf } from '../../test/admin-support.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { stockOf } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Inventory transfers between sellers (spec 3 §2.4, §5, §7, §8; decision 0041). */

let t: TestApp;
let as: Record<string, string>;
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  await insertCategory(t.app, 2, 'CEMENT');
  const source = await insertSeller(t.app, { name: 'Zeta Hardware' });
  const target = await insertSeller(t.app, { name: 'Alpha Builders' });
  const product = (sellerId: number, name: string, stock: number) =>
    insertProduct(t.app, { sellerId, categoryId: 2, name, price: 24_500, stock }).then((p) => p.id);
  return {
    source: source.id,
    target: target.id,
    cement: await product(source.id, 'Portland Cement 40kg', 10),
    sand: await product(source.id, 'Washed Sand', 4),
    targetCement: await product(target.id, 'Cement 40kg (Alpha)', 2),
    targetSand: await product(target.id, 'Sand (Alpha)', 0),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
  as = headersOf(await adminHeaders(t.app));
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

const request = (payload: object, headers = as) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/inventory-transfers', headers, payload });
const decide = (id: number, status: 'Approved' | 'Reject', headers = as) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/inventory-transfers/${id}`, headers, payload: { status } });
const movementsOf = (id: number) =>
  t.app.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.reference, `IT${String(id).padStart(6, '0')}`));

async function pending(items: Array<{ sourceProductId: number; targetProductId: number; quantity: number }>) {
  const res = await request({ sourceSellerId: w.source, targetSellerId: w.target, items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.id as number;
}

describe('access', () => {
  it('refuses every route to guests (401) and to buyers (403), changing nothing', async () => {
    const id = await pending([{ sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 1 }]);
    const routes: Array<[string, string]> = [
      ['GET', '/api/v1/admin/inventory-transfers/sellers'],
      ['GET', `/api/v1/admin/inventory-transfers/sellers/${w.source}/products?q=cement`],
      ['GET', '/api/v1/admin/inventory-transfers'],
      ['GET', '/api/v1/admin/inventory-transfers/summary'],
      ['POST', '/api/v1/admin/inventory-transfers'],
      ['PUT', `/api/v1/admin/inventory-transfers/${id}`],
      ['GET', '/api/v1/admin/bad-stock/orders'],
      ['GET', '/api/v1/admin/bad-stock/orders/ORD1'],
      ['POST', '/api/v1/admin/bad-stock/transfers'],
    ];
    const buyer = bearer(await tokenFor(t.app, await createUser(t.app)));
    const payload = {
      status: 'Approved',
      sourceSellerId: w.source,
      targetSellerId: w.target,
      items: [{ sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 1 }],
    };
    const before = await t.app.db.select().from(inventoryTransfers);
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : payload;
      const guest = await t.app.inject({ method: method as 'GET', url, payload: body });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json().error.message).toBe(adminMessages.notAuthorized);
      const refused = await t.app.inject({ method: method as 'GET', url, payload: body, headers: buyer });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.app.db.select().from(inventoryTransfers)).toEqual(before);
    expect(await stockOf(t.app, w.cement)).toBe(10);
    await decide(id, 'Reject');
  });
});

describe('the form', () => {
  it('lists the sellers by company name and searches products after 3 characters, with their stock', async () => {
    const sellers = await t.app.inject({ url: '/api/v1/admin/inventory-transfers/sellers', headers: as });
    const names = sellers.json().results.map((s: { company_name: string }) => s.company_name);
    expect(names.indexOf('Alpha Builders')).toBeLessThan(names.indexOf('Zeta Hardware'));
    const search = (q: string) =>
      t.app.inject({ url: `/api/v1/admin/inventory-transfers/sellers/${w.source}/products?q=${q}`, headers: as });
    expect((await search('ce')).json().results).toEqual([]);
    expect((await search('cem')).json().results).toEqual([
      { id: w.cement, menu: 'Portland Cement 40kg', stocks: { availableStock: 10 } },
    ]);
    // The other seller's cement is not the source seller's.
    expect((await search('alpha')).json().results).toEqual([]);
  });

  it('refuses an incomplete or wrong request with the spec messages, writing nothing', async () => {
    const before = (await t.app.db.select().from(inventoryTransfers)).length;
    const row = { sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 2 };
    const cases: Array<[object, string]> = [
      [{ sourceSellerId: w.source, items: [row] }, messages.completeAllFields],
      [{ sourceSellerId: null, targetSellerId: w.target, items: [row] }, messages.completeAllFields],
      [{ sourceSellerId: w.source, targetSellerId: w.source, items: [row] }, messages.sellersDifferent],
      [{ sourceSellerId: w.source, targetSellerId: w.target, items: [] }, messages.completeProductFields],
      [
        { sourceSellerId: w.source, targetSellerId: w.target, items: [row, { ...row, targetProductId: null }] },
        messages.completeProductFields,
      ],
      [
        { sourceSellerId: w.source, targetSellerId: w.target, items: [{ ...row, quantity: null }] },
        messages.completeProductFields,
      ],
      [{ sourceSellerId: w.source, targetSellerId: w.target, items: [{ ...row, quantity: 0 }] }, messages.quantityMin],
      [
        { sourceSellerId: w.source, targetSellerId: w.target, items: [{ ...row, quantity: 11 }] },
        'Only 10 in stock for Portland Cement 40kg.',
      ],
      [
        // Two rows of one product count together.
        {
          sourceSellerId: w.source,
          targetSellerId: w.target,
          items: [
            { ...row, quantity: 6 },
            { ...row, quantity: 5 },
          ],
        },
        'Only 10 in stock for Portland Cement 40kg.',
      ],
      [
        { sourceSellerId: w.source, targetSellerId: w.target, items: [{ ...row, sourceProductId: w.targetCement }] },
        messages.notSourceProduct,
      ],
      [
        { sourceSellerId: w.source, targetSellerId: w.target, items: [{ ...row, targetProductId: w.sand }] },
        messages.notTargetProduct,
      ],
      [{ sourceSellerId: w.source, targetSellerId: 999_999, items: [row] }, messages.sellerNotFound],
    ];
    for (const [payload, message] of cases) {
      const res = await request(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toBe(message);
    }
    expect((await t.app.db.select().from(inventoryTransfers)).length).toBe(before);
  });
});

describe('approval', () => {
  it('creates a Pending transfer, lists it, and approving moves the stock through the ledger once', async () => {
    const id = await pending([
      { sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 3 },
      { sourceProductId: w.sand, targetProductId: w.targetSand, quantity: 4 },
    ]);
    const list = await t.app.inject({ url: '/api/v1/admin/inventory-transfers?status=Pending', headers: as });
    const listed = list.json().results.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({
      approval_status: 'Pending',
      source_seller: { id: w.source, company_name: 'Zeta Hardware' },
      target_seller: { id: w.target, company_name: 'Alpha Builders' },
      inventory_transfer_details: [
        {
          source_product: { id: w.cement, menu: 'Portland Cement 40kg' },
          target_product: { id: w.targetCement },
          quantity: 3,
        },
        { source_product: { id: w.sand }, target_product: { id: w.targetSand, menu: 'Sand (Alpha)' }, quantity: 4 },
      ],
    });
    const summary = await t.app.inject({ url: '/api/v1/admin/inventory-transfers/summary', headers: as });
    expect(summary.json().pending_transfers).toBeGreaterThanOrEqual(1);
    // Nothing moves while it waits.
    expect(await stockOf(t.app, w.cement)).toBe(10);

    const approved = await decide(id, 'Approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      success: true,
      message: messages.approved,
      result: { approval_status: 'Approved' },
    });
    expect(await stockOf(t.app, w.cement)).toBe(7);
    expect(await stockOf(t.app, w.sand)).toBe(0);
    expect(await stockOf(t.app, w.targetCement)).toBe(5);
    expect(await stockOf(t.app, w.targetSand)).toBe(4);
    const moved = (await movementsOf(id)).map((m) => [m.productId, m.kind, m.quantity]);
    expect(moved).toEqual(
      expect.arrayContaining([
        [w.cement, 'transfer_out', -3],
        [w.sand, 'transfer_out', -4],
        [w.targetCement, 'transfer_in', 3],
        [w.targetSand, 'transfer_in', 4],
      ]),
    );
    expect(moved).toHaveLength(4);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inventory_transfer_approved'), like(auditLog.path, `%/${id}`)));
    expect(audit).toHaveLength(1);

    // Decided once: approving or rejecting again changes nothing.
    const again = await decide(id, 'Approved');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This transfer was already approved.');
    expect((await decide(id, 'Reject')).statusCode).toBe(409);
    expect(await stockOf(t.app, w.cement)).toBe(7);
    expect(await movementsOf(id)).toHaveLength(4);
    const stillPending = await t.app.inject({ url: '/api/v1/admin/inventory-transfers', headers: as });
    expect(stillPending.json().results.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it('rejecting moves nothing and the transfer shows its final status', async () => {
    const id = await pending([{ sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 1 }]);
    const rejected = await decide(id, 'Reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().result.approval_status).toBe('Reject');
    expect(await stockOf(t.app, w.cement)).toBe(7);
    expect(await movementsOf(id)).toEqual([]);
    expect((await decide(id, 'Approved')).json().error.message).toBe('This transfer was already rejected.');
    const all = await t.app.inject({ url: '/api/v1/admin/inventory-transfers?status=ALL', headers: as });
    expect(all.json().results.find((r: { id: number }) => r.id === id).approval_status).toBe('Reject');
    expect((await decide(999_999, 'Approved')).statusCode).toBe(404);
  });

  it('refuses the whole transfer when a source no longer has the stock: nothing moves and it stays Pending', async () => {
    // Cement has 7. Two requests each fit when made; after the first is approved the second no longer does.
    const first = await pending([{ sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 5 }]);
    const second = await pending([
      { sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 1 },
      { sourceProductId: w.cement, targetProductId: w.targetSand, quantity: 4 },
    ]);
    expect((await decide(first, 'Approved')).statusCode).toBe(200);
    expect(await stockOf(t.app, w.cement)).toBe(2);
    const targetsBefore = [await stockOf(t.app, w.targetCement), await stockOf(t.app, w.targetSand)];

    const refused = await decide(second, 'Approved');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'The transfer cannot be approved: Portland Cement 40kg has 2 in stock and the transfer needs 5. Nothing was moved.',
    );
    expect(await stockOf(t.app, w.cement)).toBe(2);
    expect([await stockOf(t.app, w.targetCement), await stockOf(t.app, w.targetSand)]).toEqual(targetsBefore);
    expect(await movementsOf(second)).toEqual([]);
    const [row] = await t.app.db.select().from(inventoryTransfers).where(eq(inventoryTransfers.id, second));
    expect(row!.status).toBe('Pending');
    // It can still be rejected.
    expect((await decide(second, 'Reject')).statusCode).toBe(200);
  });

  it('two approvals at once move the stock once', async () => {
    const otherAdmin = headersOf(await adminHeaders(t.app));
    const id = await pending([{ sourceProductId: w.cement, targetProductId: w.targetCement, quantity: 2 }]);
    const targetBefore = await stockOf(t.app, w.targetCement);
    const answers = await Promise.all([decide(id, 'Approved'), decide(id, 'Approved', otherAdmin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.app, w.cement)).toBe(0);
    expect(await stockOf(t.app, w.targetCement)).toBe(targetBefore + 2);
    expect(await movementsOf(id)).toHaveLength(2);
  });
});
