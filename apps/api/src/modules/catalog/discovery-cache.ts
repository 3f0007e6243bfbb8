import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A micro-cache for guests' discovery listings (decision 0006): the JSON of a successful GET of search,
 * sellers, a category's products or the best sellers is kept for `ttlMs` and served again for the same URL.
 * Only requests without an Authorization header are cached or served from it, so nothing that depends on
 * the signed-in user (a saved address for "near", the cart) can leak; a guest may see a listing up to
 * 2 ttlMs old (stock, prices and new products appear after it). At most `maxEntries` URLs are kept (the
 * oldest are dropped first). Concurrent misses of one URL are coalesced: the first computes, the others
 * wait for its answer, or get the expired one while it is at most 2 ttl old (no stampede, and no wait, when
 * a popular entry expires). Off unless buildApp gets a positive ttl.
 */
export interface DiscoveryCacheOptions {
  ttlMs: number;
  maxEntries?: number;
}

const cacheable = [
  /^\/api\/v1\/search(\?|$)/,
  /^\/api\/v1\/sellers(\?|$)/,
  /^\/api\/v1\/categories\/\d+\/products(\?|$)/,
  /^\/api\/v1\/products\/best-sellers(\?|$)/,
];

interface Entry {
  expires: number;
  body: string;
  contentType: string;
}

/** The URL a request will fill in, and how to hand its answer to the requests waiting for it. */
const filling = new WeakMap<FastifyRequest, { key: string; settle: (entry: Entry | null) => void }>();

async function discoveryCachePlugin(app: FastifyInstance, options: DiscoveryCacheOptions) {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 2000;
  if (!(ttlMs > 0)) return;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  const send = (reply: FastifyReply, entry: Entry) =>
    reply.header('content-type', entry.contentType).header('x-discovery-cache', 'hit').send(entry.body);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization) return;
    const url = request.url;
    if (!cacheable.some((pattern) => pattern.test(url))) return;
    const now = Date.now();
    let hit = entries.get(url);
    if (hit && hit.expires > now) return send(reply, hit);
    if (hit && hit.expires + ttlMs <= now) {
      entries.delete(url);
      hit = undefined;
    }
    const inFlight = pending.get(url);
    if (inFlight) {
      // Someone is refreshing this URL: the expired answer (at most 2 ttl old) meanwhile, else wait for it.
      if (hit) return send(reply, hit);
      const entry = await inFlight;
      if (entry) return send(reply, entry);
      return; // The first request failed: compute this one.
    }
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(
      url,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    filling.set(request, {
      key: url,
      settle: (entry) => {
        pending.delete(url);
        settle(entry);
      },
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = filling.get(request);
    if (!fill) return payload;
    filling.delete(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      fill.settle(null);
      return payload;
    }
    const entry: Entry = {
      expires: Date.now() + ttlMs,
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    };
    entries.set(fill.key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    fill.settle(entry);
    return payload;
  });

  // A request that ends without onSend (a dropped connection) must not leave others waiting.
  app.addHook('onResponse', async (request) => {
    filling.get(request)?.settle(null);
    filling.delete(request);
  });
}

export const discoveryCache = fp(discoveryCachePlugin, { name: 'discovery-cache' });
