import { earliestScheduleDate, formatPeso, messages } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { standardFee } from '../../lib/couriers/platform.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import {
  addCartLine,
  buyerWithCart,
  delivery,
  insertVoucher,
  placeOrder,
  setProfileCompleted,
} from '../../test/orders-support.ts';
import { cement, nails, paintWhite, post, sellerA, sellerB, setUpCheckout, t } from './test/checkout-world.ts';

/** Shipping quotes, the preview, selling units and vouchers (spec 2 §4–§5). */
setUpCheckout();

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
