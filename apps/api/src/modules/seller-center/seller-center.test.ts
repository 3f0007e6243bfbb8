import { randomUUID } from 'node:crypto';
import { sellerCenterMessages as m, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import { buyerWithCart, delivery, placeOrder } from '../checkout/test-support.ts';
import { buyer, call, create, other, png, product, seller, sellerId, t, useSellerCenterApp } from './test-support.ts';

/** Who may use the seller center, and the shop's orders. */

useSellerCenterApp();

describe('who may call', () => {
  it('refuses guests (401) and buyers (403)', async () => {
    expect((await call('GET', '/seller/products', {})).statusCode).toBe(401);
    const res = await call('POST', '/seller/products', buyer, product());
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/seller/orders', buyer)).statusCode).toBe(403);
  });

  it('refuses a seller account without a shop (403)', async () => {
    const shopless = bearer(await tokenFor(t.app, await createUser(t.app, { role: 'seller' })));
    const res = await call('GET', '/seller/products', shopless);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(m.noShop);
  });

  it('names the seller and the shop', async () => {
    const res = await call('GET', '/seller/me', seller);
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({ id: sellerId, name: 'Mine Hardware' });
  });
});

describe('orders of the shop', () => {
  async function stockedLeaf() {
    const created = await create({ name: `Nails ${randomUUID().slice(0, 6)}`, variations: [], category_id: 2 });
    await call('POST', `/seller/products/${created.id}/stock-adjustments`, seller, {
      quantity: 50,
      reason: 'Opening stock',
    });
    return created.id as number;
  }

  async function order(productId: number, method = 'cod') {
    const b = await buyerWithCart(t.app, [{ productId, quantity: 2 }]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('standard'),
      payment_method: method,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().orders[0].reference as string;
  }

  it('deletes an unreferenced product for real; one in orders is deactivated', async () => {
    const lonely = await create({ name: 'Unused', variations: [] });
    const gone = await call('DELETE', `/seller/products/${lonely.id}`, seller);
    expect(gone.json()).toEqual({ result: 'deleted', message: m.productDeleted });
    expect(await t.app.db.select().from(products).where(eq(products.id, lonely.id))).toHaveLength(0);

    const sold = await stockedLeaf();
    await order(sold);
    const res = await call('DELETE', `/seller/products/${sold}`, seller);
    expect(res.json()).toEqual({ result: 'deactivated', message: m.productDeactivated });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, sold));
    expect(row?.isActive).toBe(false);
    const inactive = (await call('GET', '/seller/products?status=inactive&pageSize=100', seller)).json();
    expect(inactive.items.map((p: { id: number }) => p.id)).toContain(sold);
  });

  it('lists, opens and moves a COD order Pending -> Delivered; offers only allowed steps', async () => {
    const reference = await order(await stockedLeaf());
    const list = (await call('GET', '/seller/orders?status=Pending', seller)).json();
    expect(list.items.map((o: { reference: string }) => o.reference)).toContain(reference);
    const search = (await call('GET', `/seller/orders?q=${reference}`, seller)).json();
    expect(search.items).toHaveLength(1);

    let detail = (await call('GET', `/seller/orders/${reference}`, seller)).json();
    expect(detail).toMatchObject({ status: 'Pending', payment_method: 'cod', next: ['Verified', 'Denied'] });
    expect(detail.items[0]).toMatchObject({ quantity: 2 });
    for (const to of ['Verified', 'For Preparation', 'For Delivery', 'Delivered']) {
      const res = await call('POST', `/seller/orders/${reference}/status`, seller, { to });
      expect(res.statusCode, res.body).toBe(200);
      detail = res.json();
      expect(detail.status).toBe(to);
    }
    expect(detail.next).toEqual([]);
    expect(detail.timeline.map((e: { status: string }) => e.status)).toEqual([
      'Pending',
      'Verified',
      'For Preparation',
      'For Delivery',
      'Delivered',
    ]);
    expect(detail.verified_at && detail.preparation_at && detail.delivery_at && detail.delivered_at).toBeTruthy();
    const back = await call('POST', `/seller/orders/${reference}/status`, seller, { to: 'Verified' });
    expect(back.statusCode).toBe(422);
  });

  it('denies with a reason (required) and the stock goes back', async () => {
    const leaf = await stockedLeaf();
    const reference = await order(leaf);
    const [before] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, leaf));
    const noReason = await call('POST', `/seller/orders/${reference}/status`, seller, { to: 'Denied' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(messages.denyReasonRequired);
    const denied = await call('POST', `/seller/orders/${reference}/status`, seller, {
      to: 'Denied',
      reason: 'Out of stock',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'Denied', deny_reason: 'Out of stock' });
    const [after] = await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, leaf));
    expect(after!.stock).toBe(before!.stock + 2);
  });

  it("another shop's order is 404 to read and to move; a buyer is 403", async () => {
    const reference = await order(await stockedLeaf());
    expect((await call('GET', `/seller/orders/${reference}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/seller/orders/${reference}/status`, other, { to: 'Verified' })).statusCode).toBe(404);
    expect((await call('POST', `/seller/orders/${reference}/status`, buyer, { to: 'Verified' })).statusCode).toBe(403);
    const otherList = (await call('GET', '/seller/orders', other)).json();
    expect(otherList.items.map((o: { reference: string }) => o.reference)).not.toContain(reference);
    const [row] = await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.reference, reference));
    expect(row?.status).toBe('Pending');
  });

  it('a bank-transfer order cannot be verified by the seller (the life cycle decides)', async () => {
    const leaf = await stockedLeaf();
    const b = await buyerWithCart(t.app, [{ productId: leaf, quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      b.headers,
      { cart_item_ids: b.cartItemIds, ...delivery('standard'), payment_method: 'bank_transfer' },
      { files: { proof_of_payment: { bytes: await png() } } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().orders[0].reference;
    const detail = (await call('GET', `/seller/orders/${reference}`, seller)).json();
    expect(detail.next).toEqual(['Denied']);
    expect(detail.has_proof_of_payment).toBe(true);
    expect(detail).not.toHaveProperty('proof_of_payment_url');
    expect(detail.purchase_order_url).toBeNull();
    const verify = await call('POST', `/seller/orders/${reference}/status`, seller, { to: 'Verified' });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().error.message).toBe(messages.orderVerifiedByAdmin);
    // No purchase order attached: nothing to fetch.
    expect((await call('GET', `/seller/orders/${reference}/purchase-order`, seller)).statusCode).toBe(404);
  });

  it("the seller fetches its order's purchase order; another seller gets 404, a buyer 403", async () => {
    const leaf = await stockedLeaf();
    const b = await buyerWithCart(t.app, [{ productId: leaf, quantity: 1 }]);
    const res = await placeOrder(
      t.app,
      b.headers,
      { cart_item_ids: b.cartItemIds, ...delivery('standard'), payment_method: 'cod' },
      { files: { po_attachment: { bytes: await png() } } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().orders[0].reference as string;
    const detail = (await call('GET', `/seller/orders/${reference}`, seller)).json();
    expect(detail.has_proof_of_payment).toBe(false);
    expect(detail.purchase_order_url).toBe(`/api/v1/seller/orders/${reference}/purchase-order`);

    const file = await t.app.inject({ method: 'GET', url: detail.purchase_order_url, headers: seller });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.length).toBeGreaterThan(0);
    const [row] = await t.app.db
      .select({ url: orders.purchaseOrderUrl })
      .from(orders)
      .where(eq(orders.reference, reference));
    expect(file.rawPayload.equals((await t.app.storage.read(row!.url!.slice('/uploads/'.length)))!)).toBe(true);

    const foreign = await t.app.inject({ method: 'GET', url: detail.purchase_order_url, headers: other });
    expect(foreign.statusCode).toBe(404);
    const asBuyer = await t.app.inject({ method: 'GET', url: detail.purchase_order_url, headers: b.headers });
    expect(asBuyer.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: detail.purchase_order_url });
    expect(anonymous.statusCode).toBe(401);
    // The stored file itself is not public.
    expect((await t.app.inject({ method: 'GET', url: row!.url! })).statusCode).toBe(404);
  });
});
