import { sellerCenterMessages as m, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../db/schema/index.ts';
import {
  call,
  create,
  leafOf,
  other,
  png,
  product,
  seller,
  sellerId,
  t,
  upload,
  useSellerCenterApp,
} from './test-support.ts';

/** The seller's catalogue: products and their variations, stock through the ledger, photos and videos. */

useSellerCenterApp();

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
