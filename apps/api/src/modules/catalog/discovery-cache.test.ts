import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoveryCache } from './discovery-cache.ts';

async function appWith(ttlMs: number, maxEntries?: number) {
  const app = Fastify();
  await app.register(discoveryCache, { ttlMs, maxEntries });
  let calls = 0;
  app.get('/api/v1/search', async () => ({ calls: ++calls }));
  app.get('/api/v1/categories/:id/products', async () => ({ calls: ++calls }));
  app.get('/api/v1/cart/count', async () => ({ calls: ++calls }));
  app.get('/api/v1/sellers', async (_request, reply) => reply.code(400).send({ calls: ++calls }));
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return { calls: response.json().calls as number, cache: response.headers['x-discovery-cache'] };
  };
  return { app, get };
}

/** The cache reads Date.now(): tests move this clock instead of sleeping, so a slow machine cannot change them. */
let clock = 1_000_000;
function useTestClock() {
  clock = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('discovery micro-cache', () => {
  it("serves a guest's listing again for the same URL until it expires", async () => {
    useTestClock();
    const { app, get } = await appWith(200);
    expect(await get('/api/v1/search?q=cement')).toEqual({ calls: 1, cache: undefined });
    expect(await get('/api/v1/search?q=cement')).toEqual({ calls: 1, cache: 'hit' });
    expect((await get('/api/v1/search?q=cemnt')).calls).toBe(2);
    expect((await get('/api/v1/categories/2/products')).calls).toBe(3);
    expect((await get('/api/v1/categories/2/products')).cache).toBe('hit');
    clock += 250;
    expect(await get('/api/v1/search?q=cement')).toEqual({ calls: 4, cache: undefined });
    await app.close();
  });

  it('leaves signed-in requests, other routes and failures alone', async () => {
    const { app, get } = await appWith(10_000);
    const signedIn = { authorization: 'Bearer x' };
    await get('/api/v1/search?q=cement');
    expect(await get('/api/v1/search?q=cement', signedIn)).toEqual({ calls: 2, cache: undefined });
    await get('/api/v1/cart/count');
    expect((await get('/api/v1/cart/count')).calls).toBe(4);
    await get('/api/v1/sellers?mode=global');
    expect((await get('/api/v1/sellers?mode=global')).calls).toBe(6);
    await app.close();
  });

  it('keeps at most maxEntries URLs and is off without a ttl', async () => {
    const small = await appWith(10_000, 1);
    await small.get('/api/v1/search?q=a');
    await small.get('/api/v1/search?q=b');
    expect((await small.get('/api/v1/search?q=a')).calls).toBe(3);
    await small.app.close();
    const off = await appWith(0);
    await off.get('/api/v1/search?q=a');
    expect((await off.get('/api/v1/search?q=a')).calls).toBe(2);
    await off.app.close();
  });
});

describe('discovery micro-cache under concurrency', () => {
  it('lets concurrent misses of one URL wait for the first answer', async () => {
    const app = Fastify();
    await app.register(discoveryCache, { ttlMs: 10_000 });
    let calls = 0;
    app.get('/api/v1/search', async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { calls };
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/v1/search?q=cement' })),
    );
    expect(calls).toBe(1);
    expect(answers.map((answer) => answer.json().calls)).toEqual([1, 1, 1, 1, 1]);
    await app.close();
  });
});

describe('discovery micro-cache after expiry', () => {
  it('serves the expired answer while one request refreshes it, then the new one', async () => {
    useTestClock();
    const app = Fastify();
    await app.register(discoveryCache, { ttlMs: 100 });
    let calls = 0;
    // The refresh (second call) waits for the test's release, so "meanwhile" surely arrives during it.
    let refreshStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      refreshStarted = resolve;
    });
    let releaseRefresh: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    app.get('/api/v1/search', async () => {
      calls++;
      if (calls === 2) {
        refreshStarted();
        await released;
      }
      return { calls };
    });
    const get = async () => (await app.inject({ method: 'GET', url: '/api/v1/search?q=cement' })).json().calls;
    expect(await get()).toBe(1);
    clock += 120; // expired, but less than 2 ttl old
    const refreshing = get();
    await started;
    expect(await get()).toBe(1);
    releaseRefresh();
    expect(await refreshing).toBe(2);
    expect(await get()).toBe(2);
    clock += 250;
    expect(await get()).toBe(3);
    await app.close();
  });
});
