import { randomUUID } from 'node:crypto';
import { sellerCenterMessages as m, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, sellerCompanies, stockMovements } from '../../db/schema/index.ts';
import { insertCategory, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from '../../test/factories.ts';
import { buyerWithCart, delivery, placeOrder } from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let seller: Record<string, string>;
let other: Record<string, string>;
let buyer: Record<string, string>;
let sellerId: number;

async function shopOwner(name: string) {
  const user = await createUser(t.app, { role: 'seller' });
  const shop = await insertSeller(t.app, { name });
  await t.app.db.update(sellerCompanies).set({ ownerUserId: user.id }).where(eq(sellerCompanies.id, shop.id));
  return { headers: bearer(await tokenFor(t.app, user)), sellerId: shop.id, userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.app, 2, 'CEMENT');
  await insertCategory(t.app, 13, 'TOOLS');
  const mine = await shopOwner('Mine Hardware');
  seller = mine.headers;
  sellerId = mine.sellerId;
  other = (await shopOwner('Other Hardware')).headers;
  buyer = bearer(await tokenFor(t.app, await createUser(t.app)));
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Steel Hammer',
  price: 45_000,
  discounted_price: 39_900,
  quantity_limit: 50,
  category_id: 13,
  brand: 'Stanley',
  description: 'A 16 oz claw hammer.',
  is_big_item: false,
  weight_grams: 800,
  variations: [
    {
      name: '16 oz',
      price: 45_000,
      sub_variations: [
        { name: 'Wood handle', price: 45_000 },
        { name: 'Fibreglass handle', price: 52_000, discounted_price: 50_000 },
      ],
    },
    { name: '20 oz', price: 55_000 },
  ],
  ...overrides,
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/seller/products', seller, product(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function upload(url: string, headers: Record<string, string>, bytes: Buffer, type = 'image/png', name = 'photo.png') {
  const boundary = `----tibay${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();

const leafOf = (
  p: { variations: Array<{ id: number; name: string; sub_variations: Array<{ id: number; name: string }> }> },
  v: string,
  s?: string,
) => {
  const variation = p.variations.find((x) => x.name === v)!;
  return s ? variation.sub_variations.find((x) => x.name === s)!.id : variation.id;
};

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

describe('products with variations', () => {
  it('creates the tree (root_id from the trigger, stock 0) and lists it', async () => {
    const created = await create();
    expect(created).toMatchObject({
      name: 'Steel Hammer',
      category: 'TOOLS',
      stock: 0,
      is_leaf: false,
      in_orders: false,
    });
    expect(created.variations.map((v: { name: string }) => v.name)).toEqual(['16 oz', '20 oz']);
    expect(created.variations[0].sub_variations).toHaveLength(2);
    expect(created.variations[0].is_leaf).toBe(false);
    const nodes = await t.app.db.select().from(products).where(eq(products.rootId, created.id));
    expect(nodes).toHaveLength(5);
    expect(new Set(nodes.map((n) => n.sellerId))).toEqual(new Set([sellerId]));

    const list = await call('GET', '/seller/products?q=hammer', seller);
    expect(list.json().items.map((p: { id: number }) => p.id)).toContain(created.id);
    expect(list.json().items.find((p: { id: number }) => p.id === created.id)).toMatchObject({
      variations: 2,
      stock: 0,
    });
  });

  it('the seller chooses the selling unit; the variations and the item page share it; an unknown one is refused', async () => {
    const created = await create({ name: 'Cement 40kg', selling_unit: 'bag' });
    expect(created.selling_unit).toBe('bag');
    const nodes = await t.app.db.select().from(products).where(eq(products.rootId, created.id));
    expect(new Set(nodes.map((n) => n.sellingUnit))).toEqual(new Set(['bag']));
    const edited = await call('PUT', `/seller/products/${created.id}`, seller, {
      ...product({ name: 'Cement 40kg', selling_unit: 'sack' }),
      variations: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().selling_unit).toBe('sack');
    const unknown = await call('POST', '/seller/products', seller, product({ selling_unit: 'truckload' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.selling_unit).toBe('Please choose a selling unit.');
    expect((await create()).selling_unit).toBe('piece');
  });

  it('refuses bad input with field messages and a stock field', async () => {
    const res = await call('POST', '/seller/products', seller, product({ discounted_price: 50_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.discounted_price).toBe(m.discountAbovePrice);
    const stock = await call('POST', '/seller/products', seller, { ...product(), stock: 10 });
    expect(stock.statusCode).toBe(400);
    const category = await call('POST', '/seller/products', seller, product({ category_id: 999 }));
    expect(category.statusCode).toBe(400);
    expect(category.json().error.message).toBe(m.categoryUnknown);
  });

  it('edits: updates kept nodes, adds new ones, deletes the unreferenced ones left out', async () => {
    const created = await create({ name: 'Cement Trowel' });
    const keep = created.variations[0];
    const res = await call('PUT', `/seller/products/${created.id}`, seller, {
      ...product({ name: 'Cement Trowel Pro', price: 60_000, discounted_price: 0 }),
      variations: [
        {
          id: keep.id,
          name: '16 oz steel',
          price: 47_000,
          sub_variations: [{ id: keep.sub_variations[0].id, name: 'Wood', price: 47_000 }],
        },
        { name: '24 oz', price: 65_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Cement Trowel Pro');
    expect(body.variations.map((v: { name: string }) => v.name)).toEqual(['16 oz steel', '24 oz']);
    expect(body.variations[0].sub_variations.map((s: { name: string }) => s.name)).toEqual(['Wood']);
    const nodes = await t.app.db.select().from(products).where(eq(products.rootId, created.id));
    expect(nodes).toHaveLength(4);
  });

  it('refuses to move a node that is not this product at that place', async () => {
    const a = await create({ name: 'Tape A' });
    const b = await create({ name: 'Tape B' });
    const res = await call('PUT', `/seller/products/${a.id}`, seller, {
      ...product(),
      variations: [{ id: b.variations[0].id, name: 'stolen', price: 1000 }],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('stock only through the ledger', () => {
  it('adjusts a leaf up and down with a reason and never below zero', async () => {
    const created = await create({ name: 'Level Bar' });
    const leaf = leafOf(created, '16 oz', 'Wood handle');
    const up = await call('POST', `/seller/products/${leaf}/stock-adjustments`, seller, {
      quantity: 12,
      reason: 'Delivery from supplier',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ product_id: leaf, stock: 12 });
    const down = await call('POST', `/seller/products/${leaf}/stock-adjustments`, seller, {
      quantity: -5,
      reason: 'Damaged',
    });
    expect(down.json().stock).toBe(7);
    const tooMany = await call('POST', `/seller/products/${leaf}/stock-adjustments`, seller, {
      quantity: -8,
      reason: 'Count',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(m.stockBelowZero.replace('{n}', '7'));

    const ledger = await t.app.db.select().from(stockMovements).where(eq(stockMovements.productId, leaf));
    expect(ledger.map((r) => [r.kind, r.quantity, r.reason])).toEqual([
      ['adjustment', 12, 'Delivery from supplier'],
      ['adjustment', -5, 'Damaged'],
    ]);
    const detail = (await call('GET', `/seller/products/${created.id}`, seller)).json();
    expect(detail.stock).toBe(7); // tree stock of the product
    expect(detail.movements).toHaveLength(2);
  });

  it('needs a reason and a non-zero quantity, and a leaf', async () => {
    const created = await create({ name: 'Chisel' });
    const leaf = leafOf(created, '20 oz');
    const noReason = await call('POST', `/seller/products/${leaf}/stock-adjustments`, seller, {
      quantity: 3,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(m.stockReasonRequired);
    const zero = await call('POST', `/seller/products/${leaf}/stock-adjustments`, seller, { quantity: 0, reason: 'x' });
    expect(zero.json().error.message).toBe(m.stockZeroQuantity);
    const parent = leafOf(created, '16 oz');
    const notLeaf = await call('POST', `/seller/products/${parent}/stock-adjustments`, seller, {
      quantity: 3,
      reason: 'x',
    });
    expect(notLeaf.statusCode).toBe(422);
    expect(notLeaf.json().error.message).toBe(m.stockNotLeaf);
  });
});

describe('photos and videos', () => {
  it('stores re-encoded photos, first one the thumbnail; reorders, picks the thumbnail, removes', async () => {
    const created = await create({ name: 'Pliers', variations: [] });
    const first = await upload(`/seller/products/${created.id}/images`, seller, await png());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ is_thumbnail: true });
    expect(first.json().url).toMatch(/^\/uploads\/products\/\d+\/\d+-[0-9a-f]+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: first.json().url });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const second = (await upload(`/seller/products/${created.id}/images`, seller, await png())).json();
    expect(second.is_thumbnail).toBe(false);

    const arranged = await call('PATCH', `/seller/products/${created.id}/images`, seller, {
      order: [second.id, first.json().id],
      thumbnail_id: second.id,
    });
    expect(arranged.statusCode, arranged.body).toBe(204);
    let detail = (await call('GET', `/seller/products/${created.id}`, seller)).json();
    expect(detail.images.map((i: { id: number; is_thumbnail: boolean }) => [i.id, i.is_thumbnail])).toEqual([
      [second.id, true],
      [first.json().id, false],
    ]);
    expect((await call('DELETE', `/seller/products/${created.id}/images/${second.id}`, seller)).statusCode).toBe(204);
    detail = (await call('GET', `/seller/products/${created.id}`, seller)).json();
    expect(detail.images).toEqual([expect.objectContaining({ id: first.json().id, is_thumbnail: true })]);
  });

  it('refuses a file that is not an image by its bytes, and a file over the limit', async () => {
    const created = await create({ name: 'Saw', variations: [] });
    const fake = await upload(
      `/seller/products/${created.id}/images`,
      seller,
      Buffer.from('<svg>not a png</svg>'),
      'image/png',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(m.imageInvalidProduct);
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const tooBig = await upload(`/seller/products/${created.id}/images`, seller, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(messages.imageTooLarge);
  });

  it('adds video links and MP4 uploads checked by their bytes', async () => {
    const created = await create({ name: 'Drill', variations: [] });
    const link = await call('POST', `/seller/products/${created.id}/videos`, seller, {
      url: 'https://videos.example.com/drill.mp4',
    });
    expect(link.statusCode, link.body).toBe(201);
    const notHttps = await call('POST', `/seller/products/${created.id}/videos`, seller, {
      url: 'javascript:alert(1)',
    });
    expect(notHttps.statusCode).toBe(400);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    const file = await upload(`/seller/products/${created.id}/videos`, seller, mp4, 'video/mp4', 'drill.mp4');
    expect(file.statusCode, file.body).toBe(201);
    expect(file.json().url).toMatch(/\.mp4$/);
    // Videos may be larger than photos (up to 20 MB), not more.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await upload(`/seller/products/${created.id}/videos`, seller, webm, 'video/webm', 'drill.webm');
    expect(large.statusCode, large.body).toBe(201);
    const huge = Buffer.concat([mp4, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await upload(`/seller/products/${created.id}/videos`, seller, huge, 'video/mp4', 'big.mp4');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(m.videoTooLarge);
    const bad = await upload(
      `/seller/products/${created.id}/videos`,
      seller,
      Buffer.from('hello'),
      'video/mp4',
      'x.mp4',
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error.message).toBe(m.videoInvalid);
  });
});

describe('another shop', () => {
  it("cannot see or change this shop's products (404)", async () => {
    const created = await create({ name: 'Private Mallet' });
    const leaf = leafOf(created, '20 oz');
    expect((await call('GET', `/seller/products/${created.id}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/seller/products/${created.id}`, other, product())).statusCode).toBe(404);
    expect((await call('DELETE', `/seller/products/${created.id}`, other)).statusCode).toBe(404);
    const adjust = await call('POST', `/seller/products/${leaf}/stock-adjustments`, other, {
      quantity: 5,
      reason: 'x',
    });
    expect(adjust.statusCode).toBe(404);
    expect((await upload(`/seller/products/${created.id}/images`, other, await png())).statusCode).toBe(404);
    const list = (await call('GET', '/seller/products?pageSize=100', other)).json();
    expect(list.items.map((p: { id: number }) => p.id)).not.toContain(created.id);
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
