import { existsSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sellingUnits } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queryRows } from './bulk.ts';
import { DEMO_PASSWORD } from './data/people.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { sharedTestDataDir } from './test-support.ts';

let t: TestApp;
let dataDir: string;
const logs: string[] = [];
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.db, query);
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

// Pictures go to the shared test folder (drawn once per machine, like the other seeded tests); the
// checks below look for every referenced file there.
beforeAll(async () => {
  dataDir = sharedTestDataDir;
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDemoIfEmpty(t.app.db, { dataDir, log: (message) => logs.push(message) });
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('demo seed', () => {
  it('creates the four demo roles, all verified, all with the demo password', async () => {
    const users = await rows<{ email: string; role: string; password_hash: string; verified: boolean }>(
      sql`SELECT email, role, password_hash, email_verified_at IS NOT NULL AS verified FROM users ORDER BY id`,
    );
    const byEmail = new Map(users.map((user) => [user.email, user]));
    expect(byEmail.get('buyer@tibay.test')?.role).toBe('buyer');
    expect(byEmail.get('agent@tibay.test')?.role).toBe('agent');
    expect(byEmail.get('seller@tibay.test')?.role).toBe('seller');
    expect(byEmail.get('admin@tibay.test')?.role).toBe('admin');
    expect(byEmail.get('newbuyer@tibay.test')?.role).toBe('buyer');
    expect(users.every((user) => user.verified)).toBe(true);
    for (const email of ['buyer@tibay.test', 'agent@tibay.test', 'seller@tibay.test', 'admin@tibay.test']) {
      expect(await verify(byEmail.get(email)!.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verify(byEmail.get(email)!.password_hash, 'Tibay@2025')).toBe(false);
    }
  });

  it('links the demo buyer and at least two more buyers to the agent; the new buyer has no address', async () => {
    const linked = await rows<{ email: string }>(sql`
      SELECT b.email FROM users b JOIN users a ON a.id = b.agent_id
       WHERE a.email = 'agent@tibay.test' AND a.agent_code IS NOT NULL AND b.role = 'buyer'`);
    expect(linked.length).toBeGreaterThanOrEqual(3);
    expect(linked.map((row) => row.email)).toEqual(
      expect.arrayContaining(['buyer@tibay.test', 'maria@tibay.test', 'pedro@tibay.test']),
    );
    const [buyer] = await rows<{ first_name: string; phone: string; address: string; latitude: number; done: boolean }>(
      sql`SELECT first_name, phone, address, latitude, is_completed_profile AS done FROM users WHERE email = 'buyer@tibay.test'`,
    );
    expect(buyer).toMatchObject({ first_name: 'Juan', phone: '09171234567', done: true });
    expect(buyer!.address).toContain('Quezon City');
    const [fresh] = await rows<{ address: string | null }>(
      sql`SELECT address FROM users WHERE email = 'newbuyer@tibay.test'`,
    );
    expect(fresh!.address).toBeNull();
  });

  it('gives the demo seller one shop and seeds at least 25 approved shops in real places across the islands', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM seller_companies s JOIN users u ON u.id = s.owner_user_id
                       WHERE u.email = 'seller@tibay.test'`),
    ).toBe(1);
    const shops = await rows<{
      url_handle: string;
      latitude: number;
      longitude: number;
      logo_url: string;
      microsite_handle: string | null;
      description_html: string;
    }>(
      sql`SELECT url_handle, latitude, longitude, logo_url, microsite_handle, description_html FROM seller_companies WHERE status = 'approved'`,
    );
    expect(shops.length).toBeGreaterThanOrEqual(25);
    for (const shop of shops) {
      expect(shop.url_handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(shop.latitude).toBeGreaterThan(4.5);
      expect(shop.latitude).toBeLessThan(21.2);
      expect(shop.longitude).toBeGreaterThan(116.9);
      expect(shop.longitude).toBeLessThan(126.7);
      expect(shop.description_html).toMatch(/^<p>/);
      expect(shop.description_html).not.toMatch(/<script|onerror|style=/i);
      expect(existsSync(path.join(dataDir, shop.logo_url))).toBe(true);
    }
    // Luzon (north of 12.5°), Visayas and Mindanao (south of 9.5°, east of 121.5°).
    expect(shops.some((shop) => shop.latitude > 14)).toBe(true);
    expect(shops.some((shop) => shop.latitude > 9.5 && shop.latitude < 12)).toBe(true);
    expect(shops.some((shop) => shop.latitude < 8.5)).toBe(true);
    expect(shops.filter((shop) => shop.microsite_handle).length).toBe(2);
  });

  it('seeds an active microsite: its handle opens an approved shop with listed products under its brand', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/microsites/duromax' });
    expect(response.statusCode).toBe(200);
    const microsite = response.json();
    expect(microsite).toMatchObject({ microsite: 'duromax', brand: 'DUROMAX', url_handle: 'duromax-cement-concrete' });
    const shop = await t.app.inject({ method: 'GET', url: `/api/v1/sellers/${microsite.url_handle}/shop` });
    expect(shop.statusCode).toBe(200);
    expect(shop.json().totalCount).toBeGreaterThanOrEqual(10);
  });

  it('lists at least 600 active products over every category, with the spec category ids', async () => {
    const categories = await rows<{
      id: number;
      name: string;
      products: number;
      photo_url: string;
      banner_url: string;
    }>(sql`
      SELECT c.id, c.name, c.photo_url, c.banner_url,
             (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.depth = 0 AND p.is_active) AS products
        FROM categories c ORDER BY c.id`);
    const names = new Map(categories.map((category) => [category.id, category.name]));
    expect(Object.fromEntries([1, 2, 3, 4, 5, 13, 16, 17, 18].map((id) => [id, names.get(id)]))).toEqual({
      1: 'STEEL BAR',
      2: 'CEMENT',
      3: 'PAINT',
      4: 'AGGREGATE',
      5: 'LIGHTS',
      13: 'TOOLS',
      16: 'CONCRETE',
      17: 'ROOFING',
      18: 'SEALING',
    });
    for (const category of categories) {
      expect(category.products, category.name).toBeGreaterThan(5);
      expect(existsSync(path.join(dataDir, category.photo_url))).toBe(true);
      expect(existsSync(path.join(dataDir, category.banner_url))).toBe(true);
    }
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products WHERE depth = 0 AND is_active`),
    ).toBeGreaterThanOrEqual(600);
  });

  it('builds well-formed product trees with variations and sub-variations', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE depth = 0 AND root_id <> id`)).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products c JOIN products p ON p.id = c.parent_id
                       WHERE c.depth <> p.depth + 1 OR c.root_id <> p.root_id OR c.seller_id <> p.seller_id`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE depth > 0 AND parent_id IS NULL`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE depth = 1`)).toBeGreaterThan(300);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE depth = 2`)).toBeGreaterThan(100);
    // Prices are realistic: cement bags between ₱200 and ₱320.
    const cement = await rows<{ price: number }>(
      sql`SELECT price FROM products WHERE name LIKE '%Cement Type 1%40kg' AND depth = 0`,
    );
    expect(cement.length).toBeGreaterThan(5);
    for (const row of cement) {
      expect(Number(row.price)).toBeGreaterThanOrEqual(20_000);
      expect(Number(row.price)).toBeLessThanOrEqual(32_000);
    }
    const [shares] = await rows<{
      discounted: number;
      no_description: number;
      out_of_stock: number;
      total: number;
    }>(sql`
      SELECT count(*) FILTER (WHERE discounted_price > 0)::int AS discounted,
             count(*) FILTER (WHERE description IS NULL)::int AS no_description,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM products l WHERE l.root_id = p.id AND l.stock > 0))::int AS out_of_stock,
             count(*)::int AS total
        FROM products p WHERE depth = 0`);
    expect(shares!.discounted / shares!.total).toBeGreaterThan(0.15);
    expect(shares!.discounted / shares!.total).toBeLessThan(0.35);
    expect(shares!.no_description).toBeGreaterThan(10);
    expect(shares!.out_of_stock).toBeGreaterThan(5);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM products WHERE discounted_price > 0 AND discounted_price >= price`,
      ),
    ).toBe(0);
  });

  it('gives every product a selling unit shown beside its price, shared by its variations', async () => {
    const units = await rows<{ selling_unit: string; n: number }>(
      sql`SELECT selling_unit, count(*)::int AS n FROM products WHERE depth = 0 GROUP BY selling_unit`,
    );
    for (const { selling_unit } of units) expect(sellingUnits).toContain(selling_unit);
    const used = new Set(units.map((u) => u.selling_unit));
    for (const unit of ['bag', 'piece', 'sheet', 'cu.m.', 'length', 'roll', 'can']) expect(used).toContain(unit);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products n JOIN products r ON r.id = n.root_id
                       WHERE n.selling_unit <> r.selling_unit`),
    ).toBe(0);
    const [cement] = await rows<{ selling_unit: string }>(
      sql`SELECT selling_unit FROM products WHERE name LIKE '%Cement Type 1%40kg' AND depth = 0 LIMIT 1`,
    );
    expect(cement?.selling_unit).toBe('bag');
  });

  it('keeps stock only on leaves, each figure equal to the sum of its ledger rows', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products p
                       WHERE p.stock <> coalesce((SELECT sum(m.quantity) FROM stock_movements m WHERE m.product_id = p.id), 0)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products p WHERE p.stock > 0
                       AND EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.id)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_movements WHERE kind <> 'receive' OR quantity <= 0`),
    ).toBe(0);
  });

  it('gives every product a picture on disk, exactly one of them the thumbnail', async () => {
    const products = await rows<{ id: number; urls: string[]; thumbnails: number }>(sql`
      SELECT p.id, array_agg(i.url ORDER BY i.sort_order) AS urls, count(*) FILTER (WHERE i.is_thumbnail)::int AS thumbnails
        FROM products p JOIN product_images i ON i.product_id = p.id
       WHERE p.depth = 0 GROUP BY p.id`);
    expect(products.length).toBe(await count(sql`SELECT count(*)::int AS n FROM products WHERE depth = 0`));
    expect(products.filter((product) => product.urls.length >= 2).length).toBeGreaterThan(20);
    const files = new Set(products.flatMap((product) => product.urls));
    for (const url of files) {
      expect(url).toMatch(/^\/uploads\/seed\/products\/[a-z0-9-]+\.webp$/);
      expect(existsSync(path.join(dataDir, url)), url).toBe(true);
    }
    expect(products.every((product) => product.thumbnails === 1)).toBe(true);
  });

  it('adds reviews with order references and the credit demo data', async () => {
    const reviews = await rows<{ order_reference: string; rating: number }>(
      sql`SELECT order_reference, rating FROM reviews`,
    );
    expect(reviews.length).toBeGreaterThan(300);
    expect(reviews.every((review) => /^ORD\d{14}$/.test(review.order_reference))).toBe(true);
    expect(new Set(reviews.map((review) => review.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    const lines = await rows<{
      kind: string;
      approved_limit: number;
      balance: number;
      status: string;
      terms_days: number;
    }>(sql`
      SELECT kind, approved_limit, balance, status, terms_days FROM credit_lines l JOIN users u ON u.id = l.customer_id
       WHERE u.email = 'buyer@tibay.test' ORDER BY kind`);
    expect(lines.map((line) => line.kind).sort()).toEqual(['buildcredit', 'hardware', 'yield']);
    const buildCredit = lines.find((line) => line.kind === 'buildcredit')!;
    expect(Number(buildCredit.approved_limit)).toBe(50_000_000);
    expect(Number(buildCredit.balance)).toBe(50_000_000);
    expect(buildCredit).toMatchObject({ status: 'active', terms_days: 30 });
    const [maria] = await rows<{ status: string }>(sql`
      SELECT a.status FROM credit_applications a JOIN users u ON u.id = a.customer_id WHERE u.email = 'maria@tibay.test'`);
    expect(maria?.status).toBe('Pending');
  });

  it('seeds brand partners and four featured blog cards with pictures', async () => {
    const partners = await rows<{ logo_url: string }>(sql`SELECT logo_url FROM partners`);
    expect(partners.length).toBeGreaterThanOrEqual(8);
    expect(partners.every((partner) => existsSync(path.join(dataDir, partner.logo_url)))).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM blog_posts WHERE featured`)).toBe(4);
  });

  it('does nothing when run again', async () => {
    const before = await rows<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM products) + (SELECT count(*) FROM reviews)
           + (SELECT count(*) FROM stock_movements) + (SELECT count(*) FROM seller_companies) AS n`);
    const messages = logs.length;
    await seedDemoIfEmpty(t.app.db, { dataDir, log: (message) => logs.push(message) });
    const after = await rows<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM products) + (SELECT count(*) FROM reviews)
           + (SELECT count(*) FROM stock_movements) + (SELECT count(*) FROM seller_companies) AS n`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    expect(logs.length).toBe(messages);
    expect(logs.some((message) => message.startsWith('Demo data seeded'))).toBe(true);
  });
});
