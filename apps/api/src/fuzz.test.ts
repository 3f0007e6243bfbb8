import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerCompanies } from './db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from './test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, tokenFor } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Walks every route of the OpenAPI document with hostile input — malformed JSON, NUL bytes, overlong strings,
 * numbers out of range, wrong types, broken multipart bodies — as the role that may call it. No answer may be a 5xx,
 * and the server must still answer afterwards (issue 12, item 6).
 */

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

// Values that have ended in a 500 somewhere: NUL bytes, ids past int4, text past any column, bad encodings.
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_000),
  '\uD800',
  "'; drop table users; --",
  '%',
  '../../etc/passwd',
];
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '2147483648',
  '99999999999999999999',
  '-1',
  '1.5',
  '0x10',
  'x'.repeat(3000),
  '%E0%A4%A',
  '%2e%2e%2f',
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  0.5,
  null,
  true,
  [],
  [null],
  ['\u0000'],
  [2_147_483_648],
  {},
  { '\u0000': 1 },
];
// Field names seen across the API, for routes whose body is read by the handler rather than declared.
const COMMON_FIELDS = ['id', 'name', 'email', 'password', 'code', 'status', 'quantity', 'category_id', 'note', 'q'];
const MALFORMED_JSON = [
  '{"a":',
  '{"a":"\\u0000"}',
  '[',
  'null',
  '"x"',
  '{"__proto__":{"x":1}}',
  '\u0000',
  '{'.repeat(5000),
];
const BOUNDARY = '----fuzz';
const MULTIPART_BODIES: { contentType: string; body: string }[] = [
  { contentType: 'multipart/form-data', body: 'no boundary at all' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-da` },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--${BOUNDARY}`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"x":"a\\u0000b"}\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: 'multipart/form-data; boundary=', body: '--\r\n' },
];

let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' });
  await t.app.ready();
  operations = operationsOf(t.app);
  // A little data, so that ids and handles lead somewhere.
  await insertCategory(t.app, 1, 'CEMENT');
  const shop = await insertSeller(t.app, { name: 'Fuzz Hardware' });
  await insertProduct(t.app, { sellerId: shop.id, categoryId: 1, name: 'Portland Cement', stock: 50 });
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

function operationsOf(app: FastifyInstance): Operation[] {
  type Parameter = { in: string; name: string };
  type Doc = {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  const doc = app.swagger() as unknown as Doc;
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      found.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return found;
}

/** Signs in as the role the route is for; a fresh session each time, since some routes end sessions. */
async function identityFor(path: string): Promise<Record<string, string>> {
  if (path.startsWith('/api/v1/admin/')) {
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
      payload: { email: admin.email, password: admin.password },
    });
    const cookie = res.cookies.find((c) => c.name === 'tibay_admin');
    return { cookie: `tibay_admin=${cookie?.value}`, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
  }
  if (path.startsWith('/api/v1/seller/')) {
    const user = await createUser(t.app, { role: 'seller' });
    const shop = await insertSeller(t.app, { name: `Shop ${user.id}` });
    await t.app.db.update(sellerCompanies).set({ ownerUserId: user.id }).where(eq(sellerCompanies.id, shop.id));
    return bearer(await tokenFor(t.app, user));
  }
  if (path.startsWith('/api/v1/agent/')) {
    const agent = await createUser(t.app, { role: 'agent' });
    await createUser(t.app, { agentId: agent.id });
    return bearer(await tokenFor(t.app, agent));
  }
  return bearer(await tokenFor(t.app, await createUser(t.app)));
}

function urlOf(operation: Operation, segment: (name: string) => string, query = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => segment(name));
  return query ? `${path}?${query}` : path;
}

/** The hostile requests for one operation. */
function casesOf(operation: Operation, headers: Record<string, string>): InjectOptions[] {
  const cases: InjectOptions[] = [];
  const plain = urlOf(operation, () => '1');
  const base = { method: operation.method, headers };
  for (const name of operation.pathParams) {
    for (const value of HOSTILE_SEGMENTS) {
      cases.push({ ...base, url: urlOf(operation, (n) => (n === name ? value : '1')) });
    }
  }
  for (const name of [...operation.queryParams, 'q']) {
    for (const value of [...HOSTILE_SEGMENTS, '%00%00', 'a&b=%00']) {
      cases.push({ ...base, url: `${plain}?${name}=${value}` });
    }
    cases.push({ ...base, url: `${plain}?${name}=1&${name}=2` });
  }
  if (operation.method !== 'GET') {
    const fields = operation.bodyFields.length ? operation.bodyFields : COMMON_FIELDS;
    for (const field of fields) {
      for (const value of HOSTILE_VALUES) cases.push({ ...base, url: plain, payload: { [field]: value } });
    }
    // Every field hostile at once, and the wrong shape altogether.
    for (const value of HOSTILE_VALUES.slice(0, 8)) {
      cases.push({ ...base, url: plain, payload: Object.fromEntries(fields.map((field) => [field, value])) });
    }
    for (const raw of MALFORMED_JSON) {
      cases.push({ ...base, url: plain, headers: { ...headers, 'content-type': 'application/json' }, payload: raw });
    }
    for (const { contentType, body } of MULTIPART_BODIES) {
      cases.push({ ...base, url: plain, headers: { ...headers, 'content-type': contentType }, payload: body });
    }
    cases.push({ ...base, url: plain, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'x' });
  }
  return cases;
}

describe('fuzzing every route', () => {
  it('never answers 5xx and stays up', async () => {
    const failures: string[] = [];
    let count = 0;
    const started = Date.now();
    for (const operation of operations) {
      const headers = await identityFor(operation.path);
      for (const options of casesOf(operation, headers)) {
        count += 1;
        const res = await t.app.inject(options);
        if (res.statusCode >= 500) {
          const body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload ?? '');
          failures.push(
            `${res.statusCode} ${options.method} ${String(options.url).slice(0, 120)} ${body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(count).toBeGreaterThan(3000);
    expect(Date.now() - started).toBeLessThan(240_000);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 300_000);
});
