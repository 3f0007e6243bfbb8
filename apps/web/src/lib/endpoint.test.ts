import type { cartResponse, orderHistoryQuery, reviewRequest } from '@tibay/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from './api.ts';
import { callVia, defineEndpoint, multipart, noContent, pathOf, type ResponseOf, schema } from './endpoint.ts';

const detail = defineEndpoint({
  method: 'GET',
  path: '/orders/:reference/items/:id',
  response: schema<typeof cartResponse>(),
});
const history = defineEndpoint({
  method: 'GET',
  path: '/orders',
  query: schema<typeof orderHistoryQuery>(),
  response: schema<typeof cartResponse>(),
});
const review = defineEndpoint({
  method: 'POST',
  path: '/reviews',
  body: schema<typeof reviewRequest>(),
  response: noContent,
});
const upload = defineEndpoint({ method: 'POST', path: '/uploads', body: multipart, response: noContent });

describe('pathOf', () => {
  it('fills in the path params, URL-encoded', () => {
    expect(pathOf(detail, { params: { reference: 'ORD 1/2', id: 7 } })).toBe('/orders/ORD%201%2F2/items/7');
  });

  it('adds the given query fields in their order, leaving out undefined ones and keeping empty ones', () => {
    expect(pathOf(history, { query: { filter: 'ALL', q: undefined, page: 2, pageSize: 10 } })).toBe(
      '/orders?filter=ALL&page=2&pageSize=10',
    );
    expect(pathOf(history, { query: { q: '', page: 1 } })).toBe('/orders?q=&page=1');
  });

  it('answers the bare path when no query field is given', () => {
    expect(pathOf(history, { query: { q: undefined } })).toBe('/orders');
    expect(pathOf(history)).toBe('/orders');
  });

  it('refuses to build a path with a param missing', () => {
    expect(() => pathOf(detail, { params: { reference: 'ORD1' } })).toThrow('Missing path param id');
  });
});

describe('callVia', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the method, the built path, the body and the options through the transport', async () => {
    const transport = vi.fn(async (_path: string, _options: RequestOptions) => ({ cart: [] }));
    const controller = new AbortController();
    await callVia(transport, detail, { params: { reference: 'ORD1', id: 3 }, signal: controller.signal, token: null });
    expect(transport).toHaveBeenCalledWith('/orders/ORD1/items/3', {
      method: 'GET',
      body: undefined,
      signal: controller.signal,
      token: null,
    });

    const body = { product_id: 1, rating: 5, comment: 'Good', reference_no: 'ORD1' };
    await callVia(transport, review, { body, headers: { 'idempotency-key': 'k' } });
    expect(transport).toHaveBeenLastCalledWith('/reviews', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': 'k' },
    });

    const form = new FormData();
    await callVia(transport, upload, { body: form });
    expect(transport).toHaveBeenLastCalledWith('/uploads', { method: 'POST', body: form });
  });

  it('checks the call against the contract at compile time', () => {
    const transport = async () => ({});
    // @ts-expect-error the path's params are required
    expect(() => callVia(transport, detail)).toThrow('Missing path param reference');
    // @ts-expect-error a review needs its order's reference
    void callVia(transport, review, { body: { product_id: 1, rating: 5 } });
    // @ts-expect-error the order history reads no such query field
    void callVia(transport, history, { query: { sort: 'asc' } });
  });

  it('answers what the transport answers, typed as the contract says', async () => {
    const answer = { cart: [], count: 0 };
    const got: ResponseOf<typeof history> = await callVia(async () => answer, history);
    expect(got).toBe(answer);
  });
});
