import { bankTransferPayee, earliestScheduleDate, formatPeso, manilaToday, messages } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  checkouts,
  creditLines,
  orderItems,
  orders,
  payments,
  products,
  sellerCompanies,
  vouchers,
} from '../../db/schema/index.ts';
import { standardFee } from '../../lib/couriers/platform.ts';
import { insertCategory, insertProduct, insertSeller, places } from '../../test/catalog-fixtures.ts';
import { bearer, createUser, mailsTo, tokenFor } from '../../test/factories.ts';
import {
  addCartLine,
  buyerWithCart,
  countRows,
  delivery,
  insertCreditLine,
  insertVoucher,
  placeOrder,
  pngBytes,
  setProfileCompleted,
  stockOf,
} from '../../test/orders-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let sellerA: typeof sellerCompanies.$inferSelect;
let sellerB: typeof sellerCompanies.$inferSelect;
let cement: number;
let paintWhite: number;
let nails: number;
let scarce: number;

beforeAll(async () => {
  t = await createTestApp();
  const app = t.app;
  await insertCategory(app, 2, 'CEMENT');
  sellerA = await insertSeller(app, { name: 'Alpha Hardware', at: places.manila, hardwareShipping: true });
  await app.db.update(sellerCompanies).set({ bigItemFeeFixed: 100_000 }).where(eq(sellerCompanies.id, sellerA.id));
  sellerB = await insertSeller(app, { name: 'Bravo Depot', at: places.quezonCity });
  cement = (
    await insertProduct(app, {
      sellerId: sellerA.id,
      categoryId: 2,
      name: 'Portland Cement',
      price: 25_000,
      discountedPrice: 24_000,
      stock: 1000,
      images: [{ url: '/img/cement.webp', isThumbnail: true }],
    })
  ).id;
  await app.db
    .update(products)
    .set({ weightGrams: 40_000, isBigItem: true, sellingUnit: 'bag' })
    .where(eq(products.id, cement));
  const paint = await insertProduct(app, {
    sellerId: sellerA.id,
    categoryId: 2,
    name: 'Paint',
    variations: [
      { name: '1 Liter', subVariations: [{ name: 'White', price: 35_000, discountedPrice: 50, stock: 100 }] },
    ],
  });
  paintWhite = paint.variations[0]!.subVariations[0]!;
  nails = (await insertProduct(app, { sellerId: sellerB.id, categoryId: 2, name: 'Nails', price: 5_000, stock: 500 }))
    .id;
  scarce = (
    await insertProduct(app, { sellerId: sellerB.id, categoryId: 2, name: 'Rare tiles', price: 9_000, stock: 2 })
  ).id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

function post(headers: Record<string, string>, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
}

describe('shipping quotes', () => {
  it('quotes every method per seller and sums them; hardware only where the seller has rates', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 2 },
      { productId: nails, quantity: 3 },
    ]);
    const { shipping_type: _type, schedule_date: _date, ...where } = delivery();
    const res = await post(b.headers, '/checkout/shipping-quotes', { cart_item_ids: b.cartItemIds, ...where });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sellers).toHaveLength(2);
    const [a, bravo] = body.sellers;
    expect(a.seller_id).toBe(sellerA.id);
    expect(a.quotes.standard.fee).toBe(standardFee(a.distance_km, 80, true));
    expect(a.quotes.hardware).toMatchObject({ available: true, fee: 100_000 });
    expect(bravo.quotes.hardware).toMatchObject({ available: false, message: messages.hardwareShippingNotOffered });
    expect(a.quotes.pickup.fee).toBe(0);
    expect(a.quotes.transportify.vehicle).toBe('2000kg');
    expect(body.methods.standard.fee).toBe(a.quotes.standard.fee + bravo.quotes.standard.fee);
    expect(body.methods.hardware.available).toBe(false);
    expect(body.methods.lalamove.available).toBe(true);
  });

  it('Lalamove too heavy: Shipping Error with the reason, naming the seller, and the preview says it too', async () => {
    // 60 bags of 40 kg: 2,400 kg, more than Lalamove's largest vehicle carries.
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 60 },
      { productId: nails, quantity: 1 },
    ]);
    const { shipping_type: _type, schedule_date: _date, ...where } = delivery();
    const res = await post(b.headers, '/checkout/shipping-quotes', { cart_item_ids: b.cartItemIds, ...where });
    expect(res.statusCode, res.body).toBe(200);
    const tooHeavy = messages.lalamoveTooHeavy.replace('{weight}', '2,400').replace('{max}', '2,000');
    expect(res.json().sellers[0].quotes.lalamove).toMatchObject({ message: messages.shippingError, reason: tooHeavy });
    expect(res.json().methods.lalamove).toEqual({
      available: false,
      fee: null,
      message: messages.shippingError,
      reason: `Alpha Hardware: ${tooHeavy}`,
      vehicle: null,
    });
    expect(res.json().methods.transportify).toMatchObject({ available: true, reason: null });
    const preview = await post(b.headers, '/checkout/preview', {
      cart_item_ids: b.cartItemIds,
      ...delivery('lalamove'),
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().error).toMatchObject({
      message: messages.shippingError,
      fields: { shipping_type: tooHeavy },
    });
  });

  it("refuses another customer's cart line (404) and an empty selection", async () => {
    const owner = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const thief = await buyerWithCart(t.app, []);
    const { shipping_type: _type, schedule_date: _date, ...where } = delivery();
    const res = await post(thief.headers, '/checkout/shipping-quotes', { cart_item_ids: owner.cartItemIds, ...where });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.cartItemNotFound);
    const empty = await post(thief.headers, '/checkout/shipping-quotes', { cart_item_ids: [], ...where });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(messages.cartEmpty);
  });

  it('needs a delivery address of at least 20 characters', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const res = await post(b.headers, '/checkout/shipping-quotes', {
      cart_item_ids: b.cartItemIds,
      address: 'Short',
      latitude: 14.5,
      longitude: 121,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.selectDeliveryAddress);
  });
});

describe('preview', () => {
  it('prices from the products (discounted when at least ₱1), per seller, with the names by depth', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 2 },
      { productId: paintWhite, quantity: 1 },
      { productId: nails, quantity: 4 },
    ]);
    const res = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery('pickup') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const a = body.sellers[0];
    expect(a.cart_items.map((line: { name: string }) => line.name)).toEqual([
      'Portland Cement',
      'Paint / 1 Liter / White',
    ]);
    expect(a.cart_items[0]).toMatchObject({
      item_price: 24_000,
      quantity: 2,
      item_total_price: 48_000,
      photo: '/img/cement.webp',
    });
    // A discounted price under ₱1 does not count: the list price applies.
    expect(a.cart_items[1].item_price).toBe(35_000);
    expect(body.fees).toEqual({
      cart_items: 48_000 + 35_000 + 20_000,
      shipping: 0,
      voucher: 0,
      subtotal: 103_000,
      grand_total: 103_000,
    });
    expect(body.payment_methods.find((m: { code: string }) => m.code === 'build_credit')).toMatchObject({
      available: false,
      reason: 'You have no Build Credit line that can pay this order.',
    });
    expect(body.payment_methods.find((m: { code: string }) => m.code === 'cod').available).toBe(true);
  });

  it('refuses a date earlier than the method allows, and an incomplete profile', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const early = await post(b.headers, '/checkout/preview', {
      cart_item_ids: b.cartItemIds,
      ...delivery('hardware'),
      schedule_date: earliestScheduleDate('standard'),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(messages.scheduleTooEarly);
    await setProfileCompleted(t.app, b.user.id, false);
    const blocked = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery() });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.message).toBe(messages.completeProfileFirst);
    const noMethod = await post(b.headers, '/checkout/preview', {
      cart_item_ids: b.cartItemIds,
      ...delivery(),
      shipping_type: 'drone',
    });
    expect(noMethod.json().error.message).toBe(messages.selectShippingMethod);
  });

  it('rejects prices, fees, totals or discounts sent by the client (strict schema)', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    for (const extra of [{ price: 1 }, { shipping_fee: 0 }, { grand_total: 1 }, { discount: 999 }]) {
      const res = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery(), ...extra });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses bad ids: negative, zero, fractional, huge, strings', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    for (const id of [-1, 0, 1.5, 2 ** 40, '1']) {
      const res = await post(b.headers, '/checkout/preview', { cart_item_ids: [id], ...delivery() });
      expect(res.statusCode).toBe(400);
    }
  });

  it('shows Shipping Error when the chosen method has no quote', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const res = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery('hardware') });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(messages.hardwareShippingNotOffered);
  });

  it('needs a signed-in customer; sellers may not check out', async () => {
    const anonymous = await post({}, '/checkout/preview', {});
    expect(anonymous.statusCode).toBe(401);
    const seller = await createUser(t.app, { role: 'seller' });
    const res = await post(bearer(await tokenFor(t.app, seller)), '/checkout/preview', {});
    expect(res.statusCode).toBe(403);
  });
});

describe('selling units beside the prices (issue 11 item 12)', () => {
  it('the card, item page, cart, checkout lines and order lines name what one unit is', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 2 },
      { productId: paintWhite, quantity: 1 },
    ]);
    const item = await t.app.inject({ method: 'GET', url: `/api/v1/products/${cement}` });
    expect(item.json().product.selling_unit).toBe('bag');
    const cart = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: b.headers });
    const units = Object.fromEntries(
      cart
        .json()
        .cart.map((line: { product_id: number; selling_unit: string }) => [line.product_id, line.selling_unit]),
    );
    // A variation's line shows its product's unit (a piece when the seller named none).
    expect(units).toEqual({ [cement]: 'bag', [paintWhite]: 'piece' });
    const preview = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery() });
    expect(preview.json().sellers[0].cart_items[0]).toMatchObject({ product_id: cement, selling_unit: 'bag' });
    const placed = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery(),
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const reference = placed.json().orders[0].reference;
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${reference}`, headers: b.headers });
    expect(detail.json().products[0]).toMatchObject({ name: 'Portland Cement', selling_unit: 'bag' });
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: b.headers });
    expect(history.json().items[0].first_product).toMatchObject({ selling_unit: 'bag' });
  });
});

describe('vouchers', () => {
  it('applies fixed and percent vouchers with their rules and messages', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 2 },
      { productId: nails, quantity: 4 },
    ]);
    await insertVoucher(t.app, { code: 'FIXED50', amount: 5_000, isSuggested: true });
    await insertVoucher(t.app, { code: 'PCT10', discountType: 'percent', amount: 10, maxDiscount: 6_000 });
    await insertVoucher(t.app, { code: 'BIGSPEND', amount: 100, minSpend: 10_000_000 });
    await insertVoucher(t.app, { code: 'OLD', validUntil: new Date(Date.now() - 1000) });
    await insertVoucher(t.app, { code: 'SOON', validFrom: new Date(Date.now() + 3_600_000) });
    await insertVoucher(t.app, { code: 'GONE', usageLimit: 1, usedCount: 1 });
    await insertVoucher(t.app, { code: 'OFF', isActive: false });
    await insertVoucher(t.app, { code: 'BRAVO', amount: 1_000, sellerId: sellerB.id });
    const check = (code: string) => post(b.headers, '/vouchers/check', { code, cart_item_ids: b.cartItemIds });

    const fixed = await check('fixed50');
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      message: messages.voucherFound,
      voucher: { code: 'FIXED50', discount: 5_000 },
    });
    expect((await check('PCT10')).json().voucher.discount).toBe(6_000);
    const reasons: [string, string][] = [
      ['NOPE', messages.voucherNotFound],
      ['OFF', messages.voucherNotFound],
      ['OLD', messages.voucherExpired],
      ['SOON', messages.voucherNotYetValid],
      ['GONE', messages.voucherFullyUsed],
      ['BIGSPEND', messages.voucherMinimumSpend.replace('{amount}', formatPeso(10_000_000))],
    ];
    for (const [code, message] of reasons) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().error.message, code).toBe(message);
    }
    const onlyA = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    const notHere = await post(onlyA.headers, '/vouchers/check', { code: 'BRAVO', cart_item_ids: onlyA.cartItemIds });
    expect(notHere.json().error.message).toBe(messages.voucherNotForTheseItems);

    const suggested = await t.app.inject({ method: 'GET', url: '/api/v1/vouchers/suggested', headers: b.headers });
    expect(suggested.json().vouchers.map((v: { code: string }) => v.code)).toContain('FIXED50');
  });

  it('splits a discount across the seller orders so the parts sum exactly; a seller voucher only on its items', async () => {
    await insertVoucher(t.app, { code: 'SPLIT', amount: 1_001 });
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 1 },
      { productId: nails, quantity: 1 },
    ]);
    const res = await post(b.headers, '/checkout/preview', {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      voucher_code: 'SPLIT',
    });
    const body = res.json();
    const parts = body.sellers.map((s: { voucher_discount: number }) => s.voucher_discount);
    expect(parts[0] + parts[1]).toBe(1_001);
    expect(parts[0]).toBe(Math.round((1_001 * 24_000) / 29_000));
    expect(body.fees.grand_total).toBe(29_000 - 1_001);
    const bravo = await post(b.headers, '/checkout/preview', {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      voucher_code: 'BRAVO',
    });
    expect(bravo.json().sellers.map((s: { voucher_discount: number }) => s.voucher_discount)).toEqual([0, 1_000]);
  });

  it('a per-customer limit stops a second use', async () => {
    await insertVoucher(t.app, { code: 'ONCEEACH', amount: 500, perCustomerLimit: 1 });
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const first = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      voucher_code: 'ONCEEACH',
      payment_method: 'cod',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().fees.voucher).toBe(500);
    const again = await addCartLine(t.app, b.user.id, nails, 1);
    const res = await post(b.headers, '/vouchers/check', { code: 'ONCEEACH', cart_item_ids: [again] });
    expect(res.json().error.message).toBe(messages.voucherAlreadyUsed);
  });
});

describe('place order', () => {
  it('COD: one order per seller, stock taken, cart emptied, events, payment, email, agent code', async () => {
    const agent = await createUser(t.app, { role: 'agent', agentCode: 'AG-CHK-1' });
    const b = await buyerWithCart(
      t.app,
      [
        { productId: cement, quantity: 2 },
        { productId: nails, quantity: 3 },
      ],
      { agentId: agent.id },
    );
    const cementBefore = await stockOf(t.app, cement);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('standard'),
      payment_method: 'cod',
      order_instructions: 'Call before delivery',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toHaveLength(2);
    for (const order of body.orders) expect(order.reference).toMatch(/^ORD\d{14}$/);
    expect(body.payment).toMatchObject({ method: 'cod', status: 'pending', payment_url: null, instructions: [] });
    expect(body.fees.grand_total).toBe(body.orders.reduce((s: number, o: { total: number }) => s + o.total, 0));
    expect(await stockOf(t.app, cement)).toBe(cementBefore - 2);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(0);
    const rows = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(rows.every((o) => o.agentCode === 'AG-CHK-1' && o.billingEmail === b.user.email)).toBe(true);
    expect(rows.every((o) => o.status === 'Pending' && o.fulfilmentType === 'order_fulfilment')).toBe(true);
    const day = manilaToday().replaceAll('-', '');
    // ORD, the Manila day, then six digits that do not follow from the order's id (or the previous reference).
    for (const o of rows) {
      expect(o.reference.slice(0, 11)).toBe(`ORD${day}`);
      expect(o.reference).not.toBe(`ORD${day}${String(o.id % 1_000_000).padStart(6, '0')}`);
    }
    const items = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]!.id));
    expect(items[0]).toMatchObject({ productName: expect.any(String), unitPrice: expect.any(Number) });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.checkoutId, body.checkout_id));
    expect(payment).toMatchObject({ provider: 'offline', status: 'pending', amount: body.fees.grand_total });
    expect(await countRows(t.app, 'order_events', sql`order_id = ${rows[0]!.id}`)).toBe(1);
    const mails = await mailsTo(t.app, b.user.email);
    expect(mails[0]!.subject).toContain(body.orders[0].reference);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${body.orders[0].reference}/status`,
      headers: b.headers,
    });
    expect(status.json()).toEqual({ reference: body.orders[0].reference, status: 'Pending' });
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkouts/by-reference/${body.orders[1].reference}`,
      headers: b.headers,
    });
    expect(fallback.json()).toEqual(body);

    // Another buyer can read neither.
    const other = await buyerWithCart(t.app, []);
    for (const url of [
      `/orders/${body.orders[0].reference}/status`,
      `/checkouts/by-reference/${body.orders[0].reference}`,
    ]) {
      const res2 = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: other.headers });
      expect(res2.statusCode).toBe(404);
    }
  });

  it('Bank Transfer needs an image proof; it is re-encoded and stored; instructions name the payee', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'bank_transfer' };
    const missing = await placeOrder(t.app, b.headers, data);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(messages.proofOfPaymentRequired);
    const notImage = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' } },
    });
    expect(notImage.statusCode).toBe(415);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    const ok = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: await pngBytes() }, po_attachment: { bytes: await pngBytes() } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payment.instructions.join('\n')).toContain(bankTransferPayee.accountNumber);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(order!.proofOfPaymentUrl).toMatch(/^\/uploads\/checkout\/\d+\/proof-.*\.webp$/);
    expect(order!.purchaseOrderUrl).toMatch(/\.webp$/);
    const stored = await t.app.storage.read(order!.proofOfPaymentUrl!.replace('/uploads/', ''));
    expect(stored!.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('refuses unknown multipart fields, non-image and oversized files', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'bank_transfer' };
    const unknown = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: await pngBytes() }, virus: { bytes: Buffer.from('MZ') } },
    });
    expect(unknown.statusCode).toBe(400);
    const gif = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.from('GIF89a-not-accepted'), type: 'image/gif' } },
    });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toBe(messages.imageInvalid);
    const huge = await placeOrder(t.app, b.headers, data, {
      files: { proof_of_payment: { bytes: Buffer.concat([await pngBytes(), Buffer.alloc(4 * 1024 * 1024)]) } },
    });
    expect(huge.statusCode).toBe(413);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(1);
  });

  it('over the counter: limits, and steps with the reference', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'palawan_express',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.instructions.join(' ')).toContain(res.json().orders[0].reference);
    const big = await buyerWithCart(t.app, [{ productId: cement, quantity: 100 }]);
    const refused = await placeOrder(t.app, big.headers, {
      cart_item_ids: big.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'palawan_express',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(messages.paymentMethodUnavailable);
  });

  it('Build Credit: verified at once, balance and used change, a transaction per order; not when short', async () => {
    const b = await buyerWithCart(t.app, [
      { productId: cement, quantity: 1 },
      { productId: nails, quantity: 1 },
    ]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 1_000_000 });
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment.status).toBe('paid');
    expect(body.orders.every((o: { status: string }) => o.status === 'Verified')).toBe(true);
    const [after] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
    expect(after!.balance).toBe(1_000_000 - 29_000);
    expect(after!.used).toBe(29_000);
    expect(await countRows(t.app, 'credit_transactions', sql`credit_line_id = ${line.id}`)).toBe(2);

    const poor = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    await insertCreditLine(t.app, { customerId: poor.user.id, kind: 'buildcredit', balance: 100 });
    const refused = await placeOrder(t.app, poor.headers, {
      cart_item_ids: poor.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(messages.paymentMethodUnavailable);
  });

  it('Hardware Credit pays only a checkout with that seller; Yield needs ₱1,000', async () => {
    const b = await buyerWithCart(t.app, [{ productId: cement, quantity: 1 }]);
    await insertCreditLine(t.app, {
      customerId: b.user.id,
      kind: 'hardware',
      balance: 5_000_000,
      sellerId: sellerA.id,
    });
    await insertCreditLine(t.app, { customerId: b.user.id, kind: 'yield', balance: 5_000_000, sellerId: sellerA.id });
    const preview = await post(b.headers, '/checkout/preview', { cart_item_ids: b.cartItemIds, ...delivery('pickup') });
    const methods = Object.fromEntries(
      preview.json().payment_methods.map((m: { code: string; available: boolean }) => [m.code, m.available]),
    );
    expect(methods.hardware_credit).toBe(true);
    expect(methods.yield).toBe(false); // ₱240 < ₱1,000
    await addCartLine(t.app, b.user.id, nails, 1);
    const ids = (
      await t.app.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.customerId, b.user.id))
    ).map((r) => r.id);
    const mixed = await post(b.headers, '/checkout/preview', { cart_item_ids: ids, ...delivery('pickup') });
    expect(mixed.json().credit.hardware_credit).toBeNull();
    const ok = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'hardware_credit',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('card and online: billing and channel rules; the gateway page; orders pending with an expiry', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const base = { cart_item_ids: b.cartItemIds, ...delivery('pickup') };
    const noChannel = await placeOrder(t.app, b.headers, { ...base, payment_method: 'online' });
    expect(noChannel.json().error.message).toBe(messages.choosePaymentChannel);
    const badChannel = await placeOrder(t.app, b.headers, {
      ...base,
      payment_method: 'online',
      payment_channel: 'bitcoin',
    });
    expect(badChannel.json().error.message).toBe(messages.choosePaymentChannel);
    const noBilling = await placeOrder(t.app, b.headers, { ...base, payment_method: 'card' });
    expect(noBilling.json().error.message).toBe(messages.cardFirstName);
    const partial = await placeOrder(t.app, b.headers, {
      ...base,
      payment_method: 'card',
      card_billing: {
        firstName: 'Juan',
        lastName: 'Cruz',
        billingAddress: '1 Road',
        billingCity: 'Manila',
        billingZip: '',
      },
    });
    expect(partial.json().error.message).toBe(messages.cardBillingZip);
    const ok = await placeOrder(t.app, b.headers, { ...base, payment_method: 'online', payment_channel: 'gcash' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.payment.payment_url).toMatch(/sandbox-gateway/);
    expect(body.payment.status).toBe('pending');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.customerId, b.user.id));
    expect(order!.paymentExpiresAt).not.toBeNull();
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkouts/by-reference/${order!.reference}`,
      headers: b.headers,
    });
    expect(fallback.json().payment.payment_url).toBe(body.payment.payment_url);
  });

  it('an unpaid gateway order past its window reads as Payment Expired and its stock comes back', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 4 }]);
    const before = await stockOf(t.app, nails);
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'online',
      payment_channel: 'paymaya',
    });
    expect(res.statusCode).toBe(200);
    const reference = res.json().orders[0].reference;
    expect(await stockOf(t.app, nails)).toBe(before - 4);
    await t.app.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.reference, reference));
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${reference}/status`, headers: b.headers });
    expect(status.json()).toEqual({ reference, status: 'Payment Expired' });
    expect(await stockOf(t.app, nails)).toBe(before);
  });

  it('a repeated Idempotency-Key gives one order; a different request with it is refused', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 2 }]);
    const data = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
    const key = 'repeat-key-0001';
    const first = await placeOrder(t.app, b.headers, data, { key });
    const second = await placeOrder(t.app, b.headers, data, { key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(1);
    const changed = await placeOrder(t.app, b.headers, { ...data, order_instructions: 'different' }, { key });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.message).toBe(messages.idempotencyKeyReused);
    const none = await placeOrder(t.app, b.headers, data, { key: null });
    expect(none.statusCode).toBe(400);
    // The same key of another customer is another checkout.
    const c = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const theirs = await placeOrder(t.app, c.headers, { ...data, cart_item_ids: c.cartItemIds }, { key });
    expect(theirs.statusCode).toBe(200);
  });

  it('rejects a client price, total, fee or discount, unknown fields and files', async () => {
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const base = { cart_item_ids: b.cartItemIds, ...delivery('pickup'), payment_method: 'cod' };
    for (const extra of [
      { grand_total: 1 },
      { shipping_fee: 0 },
      { voucher_discount: 100 },
      { item_price: 1 },
      { quantity: 5 },
      { quantities: { 1: 5 } },
    ]) {
      const res = await placeOrder(t.app, b.headers, { ...base, ...extra });
      expect(res.statusCode).toBe(400);
    }
    const notJson = await placeOrder(t.app, b.headers, 'not json');
    expect(notJson.statusCode).toBe(400);
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
  });

  it("another buyer's cart line cannot be bought", async () => {
    const owner = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }]);
    const thief = await buyerWithCart(t.app, []);
    const res = await placeOrder(t.app, thief.headers, {
      cart_item_ids: owner.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.app, 'cart_items', sql`id = ${owner.cartItemIds[0]!}`)).toBe(1);
  });

  it('a line that became short before paying is refused with nothing written', async () => {
    const voucher = await insertVoucher(t.app, { code: 'ROLLBACK', amount: 100, usageLimit: 5 });
    const b = await buyerWithCart(t.app, [
      { productId: nails, quantity: 1 },
      { productId: scarce, quantity: 2 },
    ]);
    const line = await insertCreditLine(t.app, { customerId: b.user.id, kind: 'buildcredit', balance: 1_000_000 });
    // The stock drops after the cart was priced (another buyer took it): the second line is short in the transaction.
    const nailsBefore = await stockOf(t.app, nails);
    await t.app.db.update(products).set({ stock: 1 }).where(eq(products.id, scarce));
    const res = await placeOrder(t.app, b.headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'build_credit',
      voucher_code: 'ROLLBACK',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.outOfStockAtCheckout.replace('{name}', 'Rare tiles'));
    expect(await countRows(t.app, 'orders', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await countRows(t.app, 'checkouts', sql`customer_id = ${b.user.id}`)).toBe(0);
    expect(await stockOf(t.app, nails)).toBe(nailsBefore);
    const [v] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(v!.usedCount).toBe(0);
    const [after] = await t.app.db.select().from(creditLines).where(eq(creditLines.id, line.id));
    expect(after!.balance).toBe(1_000_000);
    expect(await countRows(t.app, 'credit_transactions', sql`credit_line_id = ${line.id}`)).toBe(0);
    expect(await countRows(t.app, 'cart_items', sql`customer_id = ${b.user.id}`)).toBe(2);
    await t.app.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce));
  });

  it('an agent acting for a customer is recorded on the checkout', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const b = await buyerWithCart(t.app, [{ productId: nails, quantity: 1 }], { agentId: agent.id });
    const headers = bearer(await tokenFor(t.app, b.user, { actingAgentId: agent.id }));
    const res = await placeOrder(t.app, headers, {
      cart_item_ids: b.cartItemIds,
      ...delivery('pickup'),
      payment_method: 'cod',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, res.json().checkout_id));
    expect(row!.actorUserId).toBe(agent.id);
    expect(await countRows(t.app, 'audit_log', sql`actor_user_id = ${agent.id} and path = '/api/v1/checkout'`)).toBe(1);
  });

  it('order status refuses malformed references', async () => {
    const b = await buyerWithCart(t.app, []);
    for (const ref of ['ORD1', 'x'.repeat(39), 'ORD0000000000000%27']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${ref}/status`, headers: b.headers });
      expect(res.statusCode).toBe(404);
    }
  });
});
