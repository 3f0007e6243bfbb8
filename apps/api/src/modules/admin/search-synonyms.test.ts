import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, adminMessages, synonymMessages } from '@tibay/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, searchSynonyms } from '../../db/schema/index.ts';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, type TestUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestUser;
let cookie: { cookie: string };
/** The signed-in administrator's headers: the session cookie and the admin header. */
let as: Record<string, string>;
const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
const url = '/api/v1/admin/search-synonyms';
/** Another process's copy of the synonyms lives this long (SEARCH_SYNONYMS_CACHE_MS). */
const CACHE_MS = 3000;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_SYNONYMS_CACHE_MS: String(CACHE_MS) });
  await insertCategory(t.app, 9, 'HARDWARE & FASTENERS');
  const shop = await insertSeller(t.app, { name: 'Tondo Hardware' });
  await insertProduct(t.app, { sellerId: shop.id, categoryId: 9, name: 'Brass Cup Hook 1 in', stock: 50 });
  await insertProduct(t.app, { sellerId: shop.id, categoryId: 9, name: 'Wire Clothes Hanger', stock: 50 });
  admin = await createUser(t.app, { role: 'admin', email: 'synonyms-admin@tibay.test' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  cookie = { cookie: `tibay_admin=${login.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
  as = { ...csrf, ...cookie };
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

async function names(q: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return response.json().items.map((item: { name: string }) => item.name);
}

async function auditRows(action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, admin.id)));
}

describe('admin search synonyms', () => {
  it('lists the maintained list, to administrators only', async () => {
    const list = await t.app.inject({ method: 'GET', url, headers: as });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<{ term: string; synonyms: string[] }>;
    expect(items.find((item) => item.term === 'yero')?.synonyms).toContain('corrugated gi sheet');
    expect(items.map((item) => item.term)).toEqual([...items.map((item) => item.term)].sort());

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const buyer = await createUser(t.app, { email: 'not-admin@tibay.test' });
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t.app, buyer)) });
    expect(refused.statusCode).toBe(403);
    // A change without the admin header (a cross-site form) is refused and changes nothing.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: cookie.cookie },
      payload: { term: 'sabitan', synonyms: ['hook'] },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.message).toBe(adminMessages.csrfMissing);
    expect(await t.app.db.select().from(searchSynonyms).where(eq(searchSynonyms.term, 'sabitan'))).toEqual([]);
  });

  it('adds, changes and deletes a rule; search follows at once in this process; each change is audited', async () => {
    expect(await names('sabitan')).toEqual([]);

    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: as,
      payload: { term: '  Sabitan ', synonyms: ['Hook', 'hook', ' cup  hook '] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ term: 'sabitan', synonyms: ['hook', 'cup hook'] });
    expect(await names('sabitan')).toEqual(['Brass Cup Hook 1 in']);
    const [createdAudit] = await auditRows('search_synonym_created');
    expect(createdAudit).toMatchObject({ method: 'POST', statusCode: 201 });
    expect(createdAudit!.detail).toEqual({ id: rule.id, after: { term: 'sabitan', synonyms: ['hook', 'cup hook'] } });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}`,
      headers: as,
      payload: { term: 'sabitan', synonyms: ['hanger'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await names('sabitan')).toEqual(['Wire Clothes Hanger']);
    const [updatedAudit] = await auditRows('search_synonym_updated');
    expect(updatedAudit!.detail).toMatchObject({
      before: { synonyms: ['hook', 'cup hook'] },
      after: { synonyms: ['hanger'] },
    });

    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}/${rule.id}`, headers: as });
    expect(deleted.statusCode).toBe(204);
    expect(await names('sabitan')).toEqual([]);
    expect(await auditRows('search_synonym_deleted')).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `${url}/${rule.id}`, headers: as });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(synonymMessages.notFound);
  });

  it('refuses bad rules with a message per field and changes nothing', async () => {
    const count = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms))[0]!.n;
    const before = await count();
    const cases: Array<[unknown, string, string]> = [
      [{ term: ' !! ', synonyms: ['hook'] }, 'term', synonymMessages.termRequired],
      [{ term: 'one two three four', synonyms: ['hook'] }, 'term', synonymMessages.termTooLong],
      [{ term: 'sabitan', synonyms: [] }, 'synonyms', synonymMessages.synonymsRequired],
      [{ term: 'sabitan', synonyms: [' , '] }, 'synonyms', synonymMessages.synonymsRequired],
      [{ term: 'sabitan', synonyms: ['a b c d e'] }, 'synonyms', synonymMessages.synonymTooLong],
      [{ term: 'sabitan', synonyms: ['Sabitan'] }, 'synonyms', synonymMessages.synonymIsTerm],
      [
        { term: 'sabitan', synonyms: Array.from({ length: 11 }, (_, i) => `w${i}`) },
        'synonyms',
        synonymMessages.synonymsTooMany,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, headers: as, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
    const unknownField = await t.app.inject({
      method: 'POST',
      url,
      headers: as,
      payload: { term: 'sabitan', synonyms: ['hook'], weight: 3 },
    });
    expect(unknownField.statusCode).toBe(400);

    // The term is unique whatever its case, on add and on change.
    const taken = await t.app.inject({ method: 'POST', url, headers: as, payload: { term: 'YERO', synonyms: ['x'] } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      message: synonymMessages.termTaken,
      fields: { term: synonymMessages.termTaken },
    });
    const [pako] = await t.app.db.select().from(searchSynonyms).where(eq(searchSynonyms.term, 'pako'));
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${url}/${pako!.id}`,
      headers: as,
      payload: { term: 'yero', synonyms: ['nail'] },
    });
    expect(renamed.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${url}/999999`,
      headers: as,
      payload: { term: 'sabitan', synonyms: ['hook'] },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `${url}/abc`, headers: as, payload: {} })).statusCode).toBe(400);

    expect(await count()).toBe(before);
    expect(await t.app.db.select().from(searchSynonyms).where(like(searchSynonyms.term, 'sabitan%'))).toEqual([]);
    expect((await t.app.db.select().from(searchSynonyms).where(eq(searchSynonyms.id, pako!.id)))[0]?.term).toBe('pako');
  });

  it('sees a change made by another process within SEARCH_SYNONYMS_CACHE_MS', async () => {
    expect(await names('kawit')).toEqual([]);
    // Written straight to the table, as another API process would.
    await t.app.db.insert(searchSynonyms).values({ term: 'kawit', synonyms: ['hook'] });
    expect(await names('kawit')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));
    expect(await names('kawit')).toEqual(['Brass Cup Hook 1 in']);
  });
});
