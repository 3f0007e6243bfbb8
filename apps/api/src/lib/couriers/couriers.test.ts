import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delivereeApi, sandboxTransportify, transportifyVehicle } from './deliveree.ts';
import { haversineKm } from './geo.ts';
import { lalamoveApi, sandboxLalamove, toE164 } from './lalamove.ts';
import { hardwareCourier, pickupCourier, standardCourier, standardFee, standardVehiclesFor } from './platform.ts';
import { type BookInput, BookingFailed, type QuoteInput, QuoteUnavailable } from './types.ts';

const KEY = 'pk_test_tibay';
const SECRET = 'sk_test_tibay_secret';
const DELIVEREE_KEY = 'deliveree-test-key';

function input(overrides: Partial<QuoteInput> = {}): QuoteInput {
  return {
    seller: {
      id: 1,
      name: 'Alpha Hardware',
      address: '1 Rizal Avenue, Manila',
      latitude: 14.5995,
      longitude: 120.9842,
      shippingComputation: 'fixed',
      smallItemFeeFixed: 15_000,
      bigItemFeeFixed: 100_000,
      smallItemFeePerKm: 1_500,
      bigItemFeePerKm: 5_000,
    },
    destination: { latitude: 14.5547, longitude: 121.0244, address: 'Unit 5, 123 Ayala Avenue, Makati City' },
    distanceKm: 6.6,
    weightKg: 12,
    subtotal: 500_000,
    cartSubtotal: 500_000,
    items: [{ productId: 1, quantity: 3, weightGrams: 4_000, isBigItem: false }],
    ...overrides,
  };
}

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local stand-in for Lalamove's API v3 that verifies the HMAC signature the way Lalamove does. */
let lalamove: Server;
let lalamoveUrl: string;
const lalamoveSeen: Seen[] = [];
let lalamoveMode: 'ok' | 'error' | 'slow' = 'ok';
/** The quotation id the fake issues next, and the ids it treats as expired when they are booked. */
let issueQuotationId = '1514140994227007571';
const expiredQuotations = new Set<string>();

/** A local stand-in for Deliveree's quote endpoint (API key in the Authorization header). */
let deliveree: Server;
let delivereeUrl: string;
const delivereeSeen: Seen[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  lalamove = createServer(async (request, response) => {
    const body = await readBody(request);
    lalamoveSeen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
    const match = /^hmac ([^:]+):(\d+):([0-9a-f]{64})$/.exec(String(request.headers.authorization ?? ''));
    const expected = match
      ? createHmac('sha256', SECRET)
          .update(`${match[2]}\r\n${request.method}\r\n${request.url}\r\n\r\n${body}`)
          .digest()
      : null;
    const valid =
      match?.[1] === KEY &&
      expected !== null &&
      timingSafeEqual(expected, Buffer.from(match[3]!, 'hex')) &&
      request.headers.market === 'PH';
    if (!valid) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":[{"id":"ERR_UNAUTHORIZED"}]}');
      return;
    }
    if (lalamoveMode === 'error') {
      response.writeHead(422).end('{"errors":[{"id":"ERR_OUT_OF_SERVICE_AREA"}]}');
      return;
    }
    if (lalamoveMode === 'slow') await new Promise((resolve) => setTimeout(resolve, 500));
    if (request.url === '/v3/orders') {
      const order = JSON.parse(body).data;
      if (expiredQuotations.has(order.quotationId)) {
        response
          .writeHead(422, { 'content-type': 'application/json' })
          .end('{"errors":[{"id":"ERR_QUOTATION_EXPIRED","message":"Quotation expired"}]}');
        return;
      }
      const orderId = `17${order.quotationId.slice(2)}`;
      response.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: {
            orderId,
            quotationId: order.quotationId,
            shareLink: `https://share.lalamove.test/?PH100${orderId}`,
            status: 'ASSIGNING_DRIVER',
            metadata: order.metadata,
          },
        }),
      );
      return;
    }
    const stops = JSON.parse(body).data.stops as { coordinates: unknown; address: string }[];
    response.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        data: {
          quotationId: issueQuotationId,
          scheduleAt: new Date().toISOString(),
          serviceType: JSON.parse(body).data.serviceType,
          priceBreakdown: { base: '90', extraMileage: '18.50', total: '108.50', currency: 'PHP' },
          stops: stops.map((stop, index) => ({ stopId: `315161046303633${index}`, ...stop })),
        },
      }),
    );
  });
  deliveree = createServer(async (request, response) => {
    const body = await readBody(request);
    delivereeSeen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
    if (request.headers.authorization !== DELIVEREE_KEY) {
      response.writeHead(401).end('{"message":"Unauthorized"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        data: [
          { vehicle_type_id: 31, vehicle_type_name: '2000kg', total_fees: 1450.5, currency: 'PHP' },
          { vehicle_type_id: 42, vehicle_type_name: 'Regular 10w', total_fees: 9800, currency: 'PHP' },
        ],
      }),
    );
  });
  lalamoveUrl = await listen(lalamove);
  delivereeUrl = await listen(deliveree);
});

afterAll(async () => {
  await new Promise((resolve) => lalamove.close(resolve));
  await new Promise((resolve) => deliveree.close(resolve));
});

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
    lalamoveMode = 'ok';
    const courier = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    const quote = await courier.quote(input());
    expect(quote.fee).toBe(Math.round(10_850 * 1.2));
    expect(quote.details).toMatchObject({
      provider: 'lalamove',
      quotation_id: '1514140994227007571',
      seller_stop_id: '3151610463036330',
      customer_stop_id: '3151610463036331',
      price_breakdown_total: 10_850,
    });
    const seen = lalamoveSeen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/v3/quotations' });
    const sent = JSON.parse(seen.body).data;
    expect(sent.stops[0].coordinates).toEqual({ lat: '14.5995', lng: '120.9842' });
    expect(sent.serviceType).toBe('MOTORCYCLE');
  });

  it('a wrong secret, an error answer or a timeout is a Shipping Error (QuoteUnavailable)', async () => {
    lalamoveMode = 'ok';
    const wrong = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: 'nope', market: 'PH', timeoutMs: 2000 });
    await expect(wrong.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    lalamoveMode = 'error';
    const ok = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    await expect(ok.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    lalamoveMode = 'slow';
    const hasty = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 100 });
    await expect(hasty.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    const closed = lalamoveApi({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 500,
    });
    await expect(closed.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
    lalamoveMode = 'ok';
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
    const real = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    await expect(real.quote(input({ weightKg: 5_000 }))).rejects.toMatchObject({
      reason: expect.stringContaining('Choose Transportify or Hardware Shipping'),
    });
  });

  it('Lalamove out of its service area, timed out, or unreachable: each says what to do', async () => {
    const options = { apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 };
    lalamoveMode = 'error';
    await expect(lalamoveApi(options).quote(input())).rejects.toMatchObject({
      reason: messages.courierOutOfServiceArea.replace('{courier}', 'Lalamove'),
    });
    lalamoveMode = 'slow';
    await expect(lalamoveApi({ ...options, timeoutMs: 100 }).quote(input())).rejects.toMatchObject({
      reason: messages.courierTimedOut.replace('{courier}', 'Lalamove'),
    });
    lalamoveMode = 'ok';
    await expect(lalamoveApi({ ...options, apiUrl: 'http://127.0.0.1:1' }).quote(input())).rejects.toMatchObject({
      reason: messages.courierCannotQuote.replace('{courier}', 'Lalamove'),
    });
  });

  it('Transportify without the vehicle or unreachable', async () => {
    const wrong = delivereeApi({ apiUrl: delivereeUrl, apiKey: 'bad', timeoutMs: 2000 });
    await expect(wrong.quote(input())).rejects.toMatchObject({
      reason: messages.courierCannotQuote.replace('{courier}', 'Transportify'),
    });
    const onlySmall = async () => Response.json({ data: [{ vehicle_type_id: 31, vehicle_type_name: '2000kg' }] });
    const noBigTruck = delivereeApi({ apiUrl: delivereeUrl, apiKey: DELIVEREE_KEY, timeoutMs: 2000, fetch: onlySmall });
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
    const courier = delivereeApi({ apiUrl: delivereeUrl, apiKey: DELIVEREE_KEY, timeoutMs: 2000 });
    const small = await courier.quote(input());
    expect(small.fee).toBe(Math.round(145_050 * 1.2));
    expect(small.details).toMatchObject({ vehicle: '2000kg', vehicle_type_id: 31 });
    const big = await courier.quote(input({ cartSubtotal: 20_000_000 }));
    expect(big.fee).toBe(Math.round(980_000 * 1.2));
    const seen = delivereeSeen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/public_api/v1/deliveries/get_quote' });
    expect(JSON.parse(seen.body).locations).toHaveLength(2);
    const wrong = delivereeApi({ apiUrl: delivereeUrl, apiKey: 'bad', timeoutMs: 2000 });
    await expect(wrong.quote(input())).rejects.toBeInstanceOf(QuoteUnavailable);
  });
});

function booking(overrides: Partial<BookInput> = {}): BookInput {
  return {
    quotationId: '1514140994227007571',
    senderStopId: '3151610463036330',
    recipientStopId: '3151610463036331',
    sender: { name: 'Alpha Hardware', phone: '0917 123 4567' },
    recipient: { name: 'Juan Dela Cruz', phone: '09181234567', remarks: 'Call on arrival' },
    metadata: { reference: 'ORD20261121000001' },
    ...overrides,
  };
}

describe('Lalamove booking', () => {
  it('phone numbers are sent in E.164', () => {
    expect(toE164('09171234567')).toBe('+639171234567');
    expect(toE164('9171234567')).toBe('+639171234567');
    expect(toE164('63 917 123 4567')).toBe('+639171234567');
    expect(toE164('+63 (917) 123-4567')).toBe('+639171234567');
    expect(() => toE164(' - ')).toThrow(BookingFailed);
  });

  it('sandbox: books offline with an id like the quotation ids and a share link to the sandbox courier page', async () => {
    const booked = await sandboxLalamove('https://tibay.example/').book!(booking());
    expect(booked.orderId).toMatch(/^\d{19}$/);
    expect(booked.shareLink).toBe(`https://tibay.example/sandbox-courier/${booked.orderId}`);
    await expect(sandboxLalamove().book!(booking({ quotationId: '' }))).rejects.toBeInstanceOf(BookingFailed);
  });

  it('real adapter: signed POST /v3/orders with the quotation, stops, E.164 phones; answers orderId and shareLink', async () => {
    lalamoveMode = 'ok';
    const courier = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    const booked = await courier.book!(booking());
    expect(booked).toEqual({
      orderId: '1714140994227007571',
      shareLink: 'https://share.lalamove.test/?PH1001714140994227007571',
      requoted: null,
    });
    const seen = lalamoveSeen.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', path: '/v3/orders' });
    expect(JSON.parse(seen.body)).toEqual({
      data: {
        quotationId: '1514140994227007571',
        sender: { stopId: '3151610463036330', name: 'Alpha Hardware', phone: '+639171234567' },
        recipients: [
          { stopId: '3151610463036331', name: 'Juan Dela Cruz', phone: '+639181234567', remarks: 'Call on arrival' },
        ],
        isPODEnabled: true,
        metadata: { reference: 'ORD20261121000001' },
      },
    });
  });

  it('an expired quotation is quoted again once and booked with the new quotation and stops', async () => {
    lalamoveMode = 'ok';
    expiredQuotations.add('1514140994227007571');
    issueQuotationId = '1514140994227008888';
    try {
      const courier = lalamoveApi({
        apiUrl: lalamoveUrl,
        apiKey: KEY,
        apiSecret: SECRET,
        market: 'PH',
        timeoutMs: 2000,
      });
      const before = lalamoveSeen.length;
      const booked = await courier.book!(booking({ requote: async () => input() }));
      expect(booked.orderId).toBe('1714140994227008888');
      expect(booked.requoted).toMatchObject({ quotation_id: '1514140994227008888' });
      expect(lalamoveSeen.slice(before).map((seen) => seen.path)).toEqual([
        '/v3/orders',
        '/v3/quotations',
        '/v3/orders',
      ]);
      expect(JSON.parse(lalamoveSeen.at(-1)!.body).data.quotationId).toBe('1514140994227008888');
      // Without the quote input, or when the new quotation expires too, the booking fails (once, no loop).
      await expect(courier.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
      expiredQuotations.add('1514140994227008888');
      const count = lalamoveSeen.length;
      await expect(courier.book!(booking({ requote: async () => input() }))).rejects.toBeInstanceOf(BookingFailed);
      expect(lalamoveSeen.length - count).toBe(3);
    } finally {
      expiredQuotations.clear();
      issueQuotationId = '1514140994227007571';
    }
  });

  it('a wrong secret, an error answer, a timeout or no server is BookingFailed', async () => {
    lalamoveMode = 'ok';
    const wrong = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: 'nope', market: 'PH', timeoutMs: 2000 });
    await expect(wrong.book!(booking())).rejects.toThrow(/401/);
    lalamoveMode = 'error';
    const ok = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 2000 });
    await expect(ok.book!(booking({ requote: async () => input() }))).rejects.toThrow(
      /422 \(ERR_OUT_OF_SERVICE_AREA\)/,
    );
    lalamoveMode = 'slow';
    const hasty = lalamoveApi({ apiUrl: lalamoveUrl, apiKey: KEY, apiSecret: SECRET, market: 'PH', timeoutMs: 100 });
    await expect(hasty.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
    const closed = lalamoveApi({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: KEY,
      apiSecret: SECRET,
      market: 'PH',
      timeoutMs: 500,
    });
    await expect(closed.book!(booking())).rejects.toBeInstanceOf(BookingFailed);
    lalamoveMode = 'ok';
  });
});
