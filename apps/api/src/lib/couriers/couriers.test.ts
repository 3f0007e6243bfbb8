import { messages } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { delivereeApi, sandboxTransportify, transportifyVehicle } from './deliveree.ts';
import { haversineKm } from './geo.ts';
import { lalamoveApi, sandboxLalamove } from './lalamove.ts';
import { hardwareCourier, pickupCourier, standardCourier, standardFee, standardVehiclesFor } from './platform.ts';
import {
  DELIVEREE_KEY,
  fakeDeliveree,
  fakeLalamove,
  input,
  KEY,
  SECRET,
  setUpFakeCouriers,
} from './test/fake-couriers.ts';
import { QuoteUnavailable } from './types.ts';

setUpFakeCouriers();

describe('platform couriers', () => {
  it('standard: a parcel rides a motorcycle, priced by base fare and started km', async () => {
    expect(standardFee(5, 3)).toBe(6_000 + 5 * 600);
    expect(standardFee(0, 3)).toBe(6_000 + 1 * 600);
    expect(standardFee(6.6, 20)).toBe(6_000 + 7 * 600);
    expect(standardFee(6.6, 21)).toBe(15_000 + 7 * 1_500);
    expect(await standardCourier.quote(input())).toEqual({
      fee: 6_000 + 7 * 600,
      details: { vehicles: ['Motorcycle'], km: 7, weight_kg: 12 },
    });
  });

  it('standard: a bag of cement (a big item) needs an open bed: a pickup', async () => {
    const bag = input({ weightKg: 40, items: [{ productId: 1, quantity: 1, weightGrams: 40_000, isBigItem: true }] });
    expect(standardVehiclesFor(40, true).map((vehicle) => vehicle.name)).toEqual(['Pickup']);
    expect((await standardCourier.quote({ ...bag, distanceKm: 10 })).fee).toBe(50_000);
    // A 6 m steel bar weighs little but still cannot ride a motorcycle.
    expect(standardFee(10, 5, true)).toBe(50_000);
  });

  it('standard: a pallet of 40 bags (1.6 t) goes on a light truck', () => {
    expect(standardVehiclesFor(1_600, true).map((vehicle) => vehicle.name)).toEqual(['Light truck']);
    expect(standardFee(10, 1_600, true)).toBe(150_000);
    expect(standardFee(10, 2_001, true)).toBe(300_000 + 10 * 5_000);
  });

  it('standard: a truckload of 400 bags from Pampanga to Quezon City is one 10-wheeler, not 16,000 kg of parcels', async () => {
    const sanFernando = { latitude: 15.0286, longitude: 120.6898 };
    const quezonCity = { latitude: 14.676, longitude: 121.0437 };
    const km = haversineKm(sanFernando, quezonCity);
    expect(km).toBeGreaterThan(50);
    expect(km).toBeLessThan(60);
    const load = input({
      distanceKm: km,
      weightKg: 16_000,
      subtotal: 10_520_000,
      cartSubtotal: 10_520_000,
      items: [{ productId: 1, quantity: 400, weightGrams: 40_000, isBigItem: true }],
    });
    const quote = await standardCourier.quote(load);
    expect(quote.details.vehicles).toEqual(['10-wheeler truck']);
    expect(quote.fee).toBe(600_000 + Math.ceil(km) * 7_500);
    // About a tenth of the cement's ₱105,200 (it was ₱160,250 from a per-kg parcel table).
    expect(quote.fee).toBeLessThan(1_200_000);
    // 20 t: a full 10-wheeler and a 6-wheeler for the 4 t left.
    expect(standardVehiclesFor(20_000, true).map((vehicle) => vehicle.name)).toEqual([
      '10-wheeler truck',
      '6-wheeler truck',
    ]);
    expect(standardFee(10, 20_000, true)).toBe(600_000 + 75_000 + 300_000 + 50_000);
  });

  it('hardware: fixed or per km, big or small items, only with a registered rate', async () => {
    expect((await hardwareCourier.quote(input())).fee).toBe(15_000);
    const big = input({ items: [{ productId: 1, quantity: 1, weightGrams: 40_000, isBigItem: true }] });
    expect((await hardwareCourier.quote(big)).fee).toBe(100_000);
    const perKm = input({ seller: { ...input().seller, shippingComputation: 'per_km' } });
    expect((await hardwareCourier.quote(perKm)).fee).toBe(1_500 * 7);
    const none = input({ seller: { ...input().seller, smallItemFeeFixed: 0 } });
    await expect(hardwareCourier.quote(none)).rejects.toMatchObject({ upstream: false });
    expect((await pickupCourier.quote(input())).fee).toBe(0);
  });

  it('haversine distance Manila to Makati is about 6.6 km', () => {
    expect(
      haversineKm({ latitude: 14.5995, longitude: 120.9842 }, { latitude: 14.5547, longitude: 121.0244 }),
    ).toBeCloseTo(6.6, 0);
  });
});

describe('Lalamove', () => {
  it('sandbox: answers like the real API (quotation and stop ids), price + 20%', async () => {
    const quote = await sandboxLalamove().quote(input());
    expect(quote.details).toMatchObject({ provider: 'sandbox', service_type: 'MOTORCYCLE' });
    expect(String(quote.details.quotation_id)).toMatch(/^\d{19}$/);
    expect(String(quote.details.seller_stop_id)).toMatch(/^\d{19}$/);
    expect(quote.fee).toBe(Math.round((4_900 + 7 * 600) * 1.2));
    await expect(sandboxLalamove().quote(input({ weightKg: 5000 }))).rejects.toBeInstanceOf(QuoteUnavailable);
  });

  it('real adapter: signed POST /v3/quotations with the Market header; fee = breakdown total + 20%', async () => {
    fakeLalamove.mode = 'ok';
    const courier = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 2000,
    });
    const quote = await courier.quote(input());
    expect(quote.fee).toBe(Math.round(10_850 * 1.2));
    expect(quote.details).toMatchObject({
      provider: 'lalamove',
      quotation_id: '1514140994227007571',
      seller_stop_id: '3151610463036330',
      customer_stop_id: '3151610463036331',
      price_breakdown_total: 10_850,
    });
    const seen = fakeLalamove.seen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/v3/quotations' });
    const sent = JSON.parse(seen.body).data;
    expect(sent.stops[0].coordinates).toEqual({ lat: '14.5995', lng: '120.9842' });
    expect(sent.serviceType).toBe('MOTORCYCLE');
  });

  it('a wrong secret, an error answer or a timeout is a Shipping Error (QuoteUnavailable)', async () => {
    fakeLalamove.mode = 'ok';
    const wrong = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: 'nope',
      market: 'PH',
      timeoutMs: 2000,
    });
    await expect(wrong.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    fakeLalamove.mode = 'error';
    const ok = lalamoveApi({ apiUrl: fakeLalamove.url, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    await expect(ok.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    fakeLalamove.mode = 'slow';
    const hasty = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 100,
    });
    await expect(hasty.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    const closed = lalamoveApi({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 500,
    });
    await expect(closed.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    fakeLalamove.mode = 'ok';
  });
});

describe('why a courier could not quote (the reason under Shipping Error)', () => {
  it('too heavy for Lalamove: names the weight, the largest load and the methods to choose instead', async () => {
    const error = await sandboxLalamove()
      .quote(input({ weightKg: 2_450.5 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuoteUnavailable);
    expect((error as QuoteUnavailable).reason).toBe(
      "Too heavy for Lalamove's largest vehicle: this order weighs 2,450.5 kg and Lalamove carries up to 2,000 kg. Choose Transportify or Hardware Shipping (the seller's own fleet).",
    );
    const real = lalamoveApi({
      apiUrl: fakeLalamove.url,
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 2000,
    });
    await expect(real.quote(input({ weightKg: 5_000 }))).rejects.toMatchObject({
      reason: expect.stringContaining('Choose Transportify or Hardware Shipping'),
    });
  });

  it('Lalamove out of its service area, timed out, or unreachable: each says what to do', async () => {
    const options = { apiUrl: fakeLalamove.url, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 };
    fakeLalamove.mode = 'error';
    await expect(lalamoveApi(options).quote(input())).rejects.toMatchObject({
      reason: messages.courierOutOfServiceArea.replace('{courier}', 'Lalamove'),
    });
    fakeLalamove.mode = 'slow';
    await expect(lalamoveApi({ ...options, timeoutMs: 100 }).quote(input())).rejects.toMatchObject({
      reason: messages.courierTimedOut.replace('{courier}', 'Lalamove'),
    });
    fakeLalamove.mode = 'ok';
    await expect(lalamoveApi({ ...options, apiUrl: 'http://127.0.0.1:1' }).quote(input())).rejects.toMatchObject({
      reason: messages.courierCannotQuote.replace('{courier}', 'Lalamove'),
    });
  });

  it('Transportify without the vehicle or unreachable', async () => {
    const wrong = delivereeApi({ apiUrl: fakeDeliveree.url, apiKey: 'bad', timeoutMs: 2000 });
    await expect(wrong.quote(input())).rejects.toMatchObject({
      reason: messages.courierCannotQuote.replace('{courier}', 'Transportify'),
    });
    const onlySmall = async () => Response.json({ data: [{ vehicle_type_id: 31, vehicle_type_name: '2000kg' }] });
    const noBigTruck = delivereeApi({
      apiUrl: fakeDeliveree.url,
      apiKey: DELIVEREE_KEY,
      timeoutMs: 2000,
      fetch: onlySmall,
    });
    await expect(noBigTruck.quote(input({ cartSubtotal: 20_000_000 }))).rejects.toMatchObject({
      reason: messages.transportifyNoVehicle.replace('{vehicle}', 'Regular 10w'),
    });
    const closed = delivereeApi({ apiUrl: 'http://127.0.0.1:1', apiKey: DELIVEREE_KEY, timeoutMs: 500 });
    await expect(closed.quote(input())).rejects.toMatchObject({
      reason: messages.courierCannotQuote.replace('{courier}', 'Transportify'),
    });
  });
});

describe('Transportify (Deliveree)', () => {
  it('vehicle by the ₱100,000 subtotal rule', () => {
    expect(transportifyVehicle(10_000_000)).toBe('2000kg');
    expect(transportifyVehicle(10_000_001)).toBe('Regular 10w');
  });

  it('sandbox: total fees + 20%', async () => {
    const quote = await sandboxTransportify().quote(input());
    expect(quote.fee).toBe(Math.round((120_000 + 7 * 3_500) * 1.2));
    expect(quote.details.vehicle).toBe('2000kg');
  });

  it("real adapter: API key, both locations, the rule's vehicle; fee = total fees + 20%", async () => {
    const courier = delivereeApi({ apiUrl: fakeDeliveree.url, apiKey: DELIVEREE_KEY, timeoutMs: 2000 });
    const small = await courier.quote(input());
    expect(small.fee).toBe(Math.round(145_050 * 1.2));
    expect(small.details).toMatchObject({ vehicle: '2000kg', vehicle_type_id: 31 });
    const big = await courier.quote(input({ cartSubtotal: 20_000_000 }));
    expect(big.fee).toBe(Math.round(980_000 * 1.2));
    const seen = fakeDeliveree.seen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/public_api/v1/deliveries/get_quote' });
    expect(JSON.parse(seen.body).locations).toHaveLength(2);
    const wrong = delivereeApi({ apiUrl: fakeDeliveree.url, apiKey: 'bad', timeoutMs: 2000 });
    await expect(wrong.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
  });
});
