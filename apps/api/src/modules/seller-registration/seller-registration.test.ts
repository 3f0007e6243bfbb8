import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, sellerRegistrationMessages as m } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sellerCompanies, sellerRegistrations, users } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, bearer, createUser, linkToken, mailsTo, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
let t: TestApp;
let asAdmin: Record<string, string>;
let motherId: number;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  asAdmin = { ...csrf, cookie: `tibay_admin=${login.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
  const [mother] = await t.app.db
    .insert(sellerCompanies)
    .values({
      name: 'Mother Hardware Group',
      urlHandle: 'mother-hardware-group',
      address: 'Quezon Avenue, Quezon City',
      city: 'Quezon City',
      latitude: 14.67,
      longitude: 121.04,
      email: 'shop@mother.test',
    })
    .returning({ id: sellerCompanies.id });
  motherId = mother!.id;
  png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#f97316' } })
    .png()
    .toBuffer();
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

let counter = 0;
function validData(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    parentCompany: false,
    motherCompanyId: motherId,
    companyName: `Bagong Tibay Supply ${counter}`,
    description: 'Cement, steel and roofing for Cavite builders.',
    owner: 'Maria Santos',
    emailAddress: `owner${counter}-${Date.now()}@bagong.test`,
    computationMethod: 'Fixed',
    smallItemFeeFixed: 150,
    bigItemFeeFixed: 950.5,
    smallItemFeePerKM: 12,
    bigItemFeePerKM: 40,
    latitude: 14.33,
    longitude: 120.94,
    address: 'Salitran II, Dasmariñas City, Cavite',
    ...overrides,
  };
}

async function register(data: unknown, logo: Buffer | null = png, logoName = 'logo.png') {
  const body = new FormData();
  body.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  // The declared name and type are lies in some tests: the server judges by content.
  if (logo) body.append('sellerLogo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), logoName);
  const encoded = new Response(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/seller-registrations',
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const countRegistrations = async () =>
  (await t.app.db.select({ id: sellerRegistrations.id }).from(sellerRegistrations)).length;

describe('GET /seller-companies (the mother company choices)', () => {
  it('lists approved shops with name and id, page 1 of size 20 by default', async () => {
    const res = await t.app.inject({ url: '/api/v1/seller-companies' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(20);
    expect(body.page).toBe(1);
    expect(body.result).toContainEqual({ id: motherId, name: 'Mother Hardware Group' });
  });

  it('answers the chosen company too when it is past the page (the default mother company)', async () => {
    const res = await t.app.inject({ url: `/api/v1/seller-companies?page=2&pageSize=1&include=${motherId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([]);
    expect(res.json().result).toEqual([{ id: motherId, name: 'Mother Hardware Group' }]);
    const unknown = await t.app.inject({ url: '/api/v1/seller-companies?page=2&pageSize=1&include=999999' });
    expect(unknown.json().result).toEqual([]);
  });
});

describe('POST /seller-registrations', () => {
  it('stores a valid registration as pending, rates in centavos, the logo re-encoded as PNG', async () => {
    const data = validData();
    const res = await register(data);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Registration Completed' });
    const [row] = await t.app.db.select().from(sellerRegistrations).where(eq(sellerRegistrations.id, res.json().id));
    expect(row).toMatchObject({
      status: 'pending',
      email: data.emailAddress,
      smallItemFeeFixed: 15_000,
      bigItemFeeFixed: 95_050,
      smallItemFeePerKm: 1_200,
      bigItemFeePerKm: 4_000,
      motherCompanyId: motherId,
    });
    const stored = await t.app.storage.read(row!.logoKey);
    expect(stored?.subarray(0, 4).toString('hex')).toBe('89504e47');
    // Private until approval: the public uploads route does not serve it.
    const open = await t.app.inject({ url: `/uploads/${row!.logoKey}` });
    expect(open.statusCode).not.toBe(200);
  });

  it.each([
    ['below zero', { smallItemFeeFixed: -1 }, 'smallItemFeeFixed', m.rateRequired],
    ['not numeric', { bigItemFeeFixed: 'abc' }, 'bigItemFeeFixed', m.rateRequired],
    ['a numeric string', { smallItemFeePerKM: '12' }, 'smallItemFeePerKM', m.rateRequired],
    ['missing', { bigItemFeePerKM: undefined }, 'bigItemFeePerKM', m.rateRequired],
    ['more than 2 decimals', { smallItemFeeFixed: 1.234 }, 'smallItemFeeFixed', m.rateDecimals],
  ])('refuses a rate %s and stores nothing', async (_label, overrides, field, message) => {
    const before = await countRegistrations();
    const res = await register(validData(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await countRegistrations()).toBe(before);
  });

  it('refuses missing required fields, and a missing mother company when not a parent', async () => {
    const res = await register(validData({ companyName: ' ', owner: '', motherCompanyId: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      companyName: m.nameRequired,
      owner: m.ownerRequired,
      motherCompanyId: m.motherRequired,
    });
    const parent = await register(validData({ parentCompany: true, motherCompanyId: null }));
    expect(parent.statusCode, parent.body).toBe(201);
    const unknownMother = await register(validData({ motherCompanyId: 999_999 }));
    expect(unknownMother.statusCode).toBe(400);
    expect(unknownMother.json().error.fields.motherCompanyId).toBe(m.motherUnknown);
  });

  it("refuses without a logo: 'Please upload seller company logo'", async () => {
    const res = await register(validData(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload seller company logo');
  });

  it('judges the logo by its content: a text file named .png is refused, a PNG named .txt is taken', async () => {
    const before = await countRegistrations();
    const fake = await register(validData(), Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.fields.sellerLogo).toBe(m.logoInvalid);
    const broken = await register(validData(), Buffer.concat([png.subarray(0, 16), Buffer.alloc(64)]), 'logo.png');
    expect(broken.statusCode).toBe(415);
    expect(await countRegistrations()).toBe(before);
    const renamed = await register(validData(), png, 'logo.txt');
    expect(renamed.statusCode, renamed.body).toBe(201);
  });

  it('refuses a logo over 3 MB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const res = await register(validData(), big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(m.logoTooLarge);
  });

  it("refuses an email that belongs to a seller (a shop's or a seller account's) or another account", async () => {
    const shop = await register(validData({ emailAddress: 'SHOP@mother.test' }));
    expect(shop.statusCode).toBe(409);
    expect(shop.json().error.fields.emailAddress).toBe(m.emailTaken);
    const seller = await createUser(t.app, { role: 'seller' });
    const sellerEmail = await register(validData({ emailAddress: seller.email }));
    expect(sellerEmail.statusCode).toBe(409);
    expect(sellerEmail.json().error.fields.emailAddress).toBe(m.emailTaken);
    const buyer = await createUser(t.app);
    const buyerEmail = await register(validData({ emailAddress: buyer.email }));
    expect(buyerEmail.statusCode).toBe(409);
    expect(buyerEmail.json().error.fields.emailAddress).toBe(m.emailHasAccount);
    const twice = validData();
    expect((await register(twice)).statusCode).toBe(201);
    const again = await register({ ...twice, companyName: 'Other name' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.emailAddress).toBe(m.emailPending);
  });

  it('refuses unknown fields and a body that is not JSON', async () => {
    expect((await register({ ...validData(), status: 'approved' })).statusCode).toBe(400);
    expect((await register('{not json')).statusCode).toBe(400);
  });
});

describe('admin-v2 approval', () => {
  async function pending() {
    const data = validData();
    const res = await register(data);
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, data };
  }

  it('is for administrators only', async () => {
    const { id } = await pending();
    expect((await t.app.inject({ url: '/api/v1/admin/seller-registrations' })).statusCode).toBe(401);
    const buyer = await createUser(t.app);
    const asBuyer = { ...csrf, ...bearer(await tokenFor(t.app, buyer)) };
    const list = await t.app.inject({ url: '/api/v1/admin/seller-registrations', headers: asBuyer });
    expect([401, 403]).toContain(list.statusCode);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/seller-registrations/${id}/approve`,
      headers: asBuyer,
    });
    expect([401, 403]).toContain(approve.statusCode);
    const [row] = await t.app.db.select().from(sellerRegistrations).where(eq(sellerRegistrations.id, id));
    expect(row!.status).toBe('pending');
  });

  it('lists the queue, shows one with its logo, approves it once: shop, seller account, mail, audit', async () => {
    const { id, data } = await pending();
    const queue = await t.app.inject({ url: '/api/v1/admin/seller-registrations', headers: asAdmin });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((row: { id: number }) => row.id)).toContain(id);
    const detail = await t.app.inject({ url: `/api/v1/admin/seller-registrations/${id}`, headers: asAdmin });
    expect(detail.json()).toMatchObject({
      company_name: data.companyName,
      mother_company: { id: motherId, name: 'Mother Hardware Group' },
      big_item_fee_fixed: 95_050,
      status: 'pending',
    });
    const logo = await t.app.inject({ url: `/api/v1/admin/seller-registrations/${id}/logo`, headers: asAdmin });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');

    const approve = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/seller-registrations/${id}/approve`, headers: asAdmin });
    const first = await approve();
    expect(first.statusCode, first.body).toBe(200);
    const seller = first.json().registration.seller;
    expect(seller.url_handle).toMatch(/^bagong-tibay-supply-\d+$/);

    const [shop] = await t.app.db.select().from(sellerCompanies).where(eq(sellerCompanies.id, seller.id));
    expect(shop).toMatchObject({
      status: 'approved',
      shippingComputation: 'fixed',
      smallItemFeeFixed: 15_000,
      bigItemFeeFixed: 95_050,
      latitude: 14.33,
      longitude: 120.94,
      parentSellerId: motherId,
      email: data.emailAddress,
    });
    expect(shop!.logoUrl).toMatch(/^\/uploads\/sellers\/.+\.png$/);
    const [account] = await t.app.db.select().from(users).where(eq(users.id, shop!.ownerUserId!));
    expect(account).toMatchObject({ role: 'seller', email: data.emailAddress, emailVerifiedAt: null });

    // Its public shop page and the sellers list show it at once.
    const page = await t.app.inject({ url: `/api/v1/sellers/${seller.url_handle}/shop` });
    expect(page.statusCode, page.body).toBe(200);
    const global = await t.app.inject({ url: '/api/v1/sellers?mode=global&pageSize=50' });
    expect(global.json().items.map((card: { id: number }) => card.id)).toContain(seller.id);

    // A second approval does nothing: 409, no second shop or account, one audit row.
    const second = await approve();
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(m.notPending);
    const shops = await t.app.db.select().from(sellerCompanies).where(eq(sellerCompanies.email, data.emailAddress));
    expect(shops).toHaveLength(1);
    const audits = (await t.app.db.select().from(auditLog)).filter(
      (row) =>
        row.action === 'seller_registration.approve' &&
        (row.detail as { registrationId: number }).registrationId === id,
    );
    expect(audits).toHaveLength(1);

    // The mailed one-time link sets the password; the seller then signs in and reaches the seller center.
    const [mail] = await mailsTo(t.app, data.emailAddress);
    const token = linkToken(mail!.text, '/seller-center/set-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, newPassword: 'Seller#2026', confirmPassword: 'Seller#2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, newPassword: 'Other#2026x', confirmPassword: 'Other#2026x' },
    });
    expect(reuse.statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: data.emailAddress, password: 'Seller#2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/seller/me', headers: bearer(login.json().token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().shop.id).toBe(seller.id);
  });

  it('two approvals at the same time create one shop', async () => {
    const { id, data } = await pending();
    const both = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'POST', url: `/api/v1/admin/seller-registrations/${id}/approve`, headers: asAdmin }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const shops = await t.app.db.select().from(sellerCompanies).where(eq(sellerCompanies.email, data.emailAddress));
    expect(shops).toHaveLength(1);
  });

  it('rejects with a reason (mailed, audited); a rejected one cannot be approved; a reason is required', async () => {
    const { id, data } = await pending();
    const reject = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/seller-registrations/${id}/reject`,
        headers: asAdmin,
        payload: payload as object,
      });
    const blank = await reject({ reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(m.reasonRequired);
    const done = await reject({ reason: 'The business permit is expired.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().registration).toMatchObject({ status: 'rejected', reason: 'The business permit is expired.' });
    const [mail] = await mailsTo(t.app, data.emailAddress);
    expect(mail!.text).toContain('The business permit is expired.');
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/seller-registrations/${id}/approve`,
      headers: asAdmin,
    });
    expect(approve.statusCode).toBe(409);
    expect((await reject({ reason: 'again' })).statusCode).toBe(409);
    const shops = await t.app.db.select().from(sellerCompanies).where(eq(sellerCompanies.email, data.emailAddress));
    expect(shops).toHaveLength(0);
  });
});
