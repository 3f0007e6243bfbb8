import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { QuoteInput } from '../types.ts';

/**
 * Local stand-ins for Lalamove's API v3 (it verifies the HMAC signature the way Lalamove does) and Deliveree's
 * quote endpoint (API key in the Authorization header), for the couriers' tests. setUpFakeCouriers() starts them
 * before the file's tests and stops them after; the tests steer them through fakeLalamove.
 */

export const KEY = 'pk_test_tibay';
export const SECRET = 'sk_test_tibay_secret';
export const DELIVEREE_KEY = 'deliveree-test-key';

export function input(overrides: Partial<QuoteInput> = {}): QuoteInput {
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

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export const fakeLalamove = {
  url: '',
  seen: [] as Seen[],
  mode: 'ok' as 'ok' | 'error' | 'slow',
  /** The quotation id the fake issues next, and the ids it treats as expired when they are booked. */
  nextQuotationId: '1514140994227007571',
  expiredQuotations: new Set<string>(),
};

export const fakeDeliveree = { url: '', seen: [] as Seen[] };

let lalamove: Server;
let deliveree: Server;

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

/** Starts both fakes before the file's tests, and stops them after. */
export function setUpFakeCouriers() {
  beforeAll(async () => {
    lalamove = createServer(async (request, response) => {
      const body = await readBody(request);
      fakeLalamove.seen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
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
      if (fakeLalamove.mode === 'error') {
        response.writeHead(422).end('{"errors":[{"id":"ERR_OUT_OF_SERVICE_AREA"}]}');
        return;
      }
      if (fakeLalamove.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 500));
      if (request.url === '/v3/orders') {
        const order = JSON.parse(body).data;
        if (fakeLalamove.expiredQuotations.has(order.quotationId)) {
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
            quotationId: fakeLalamove.nextQuotationId,
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
      fakeDeliveree.seen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
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
    fakeLalamove.url = await listen(lalamove);
    fakeDeliveree.url = await listen(deliveree);
  });

  afterAll(async () => {
    await new Promise((resolve) => lalamove.close(resolve));
    await new Promise((resolve) => deliveree.close(resolve));
  });
}
