import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PayMongo's Checkout API, following its documented contract: POST /v1/checkout_sessions with
 * the secret key as Basic-auth user name and a JSON:API body ({ data: { attributes: {...} } }); amounts are
 * integer centavos in PHP; the answer is { data: { id: 'cs_...', type: 'checkout_session', attributes: {
 * checkout_url, ... } } }; POST /v1/checkout_sessions/{id}/expire closes a session. Errors are { errors: [{ code, detail }] } with 400 or 401.
 */
export interface FakePaymongo {
  url: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: unknown }>;
  /** Session id -> status. */
  sessions: Map<string, 'active' | 'expired'>;
  close(): Promise<void>;
}

export async function startFakePaymongo(secretKey: string): Promise<FakePaymongo> {
  const requests: FakePaymongo['requests'] = [];
  const sessions = new Map<string, 'active' | 'expired'>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const expire = /^\/v1\/checkout_sessions\/([^/]+)\/expire$/.exec(req.url ?? '');
      if (req.method === 'POST' && expire) {
        if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`) {
          return send(401, { errors: [{ code: 'unauthorized', detail: 'The API key is invalid.' }] });
        }
        const id = decodeURIComponent(expire[1]!);
        if (!sessions.has(id))
          return send(404, { errors: [{ code: 'resource_not_found', detail: 'No such session.' }] });
        sessions.set(id, 'expired');
        return send(200, { data: { id, type: 'checkout_session', attributes: { status: 'expired' } } });
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout_sessions') {
        return send(404, { errors: [{ code: 'resource_not_found', detail: 'Not found.' }] });
      }
      const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return send(401, { errors: [{ code: 'unauthorized', detail: 'The API key is invalid.' }] });
      }
      const attributes = (body as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes;
      const items = attributes?.line_items as Array<Record<string, unknown>> | undefined;
      const types = attributes?.payment_method_types as unknown[] | undefined;
      const problems: string[] = [];
      if (!attributes) problems.push('data.attributes is required');
      if (!Array.isArray(items) || items.length === 0) problems.push('line_items is required');
      for (const item of items ?? []) {
        if (!Number.isInteger(item.amount) || (item.amount as number) < 2000) problems.push('amount must be >= 2000');
        if (item.currency !== 'PHP') problems.push('currency must be PHP');
        if (typeof item.name !== 'string' || !item.name) problems.push('name is required');
        if (!Number.isInteger(item.quantity)) problems.push('quantity is required');
      }
      if (!Array.isArray(types) || types.length === 0) problems.push('payment_method_types is required');
      if (problems.length > 0) {
        return send(400, { errors: problems.map((detail) => ({ code: 'parameter_invalid', detail })) });
      }
      const id = `cs_${randomBytes(12).toString('hex')}`;
      sessions.set(id, 'active');
      return send(200, {
        data: {
          id,
          type: 'checkout_session',
          attributes: {
            ...attributes,
            checkout_url: `https://checkout.paymongo.com/${id}#test`,
            livemode: false,
            status: 'active',
            payments: [],
            payment_intent: { id: `pi_${randomBytes(12).toString('hex')}`, type: 'payment_intent' },
          },
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
