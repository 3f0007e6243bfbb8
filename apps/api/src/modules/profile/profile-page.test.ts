import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { bearer, createUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SETUP_TIMEOUT = 300_000;
const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 320, height: 180, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#886644' } })
    .jpeg()
    .toBuffer();
  gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

async function headersFor(user: { id: number }, actingAgentId?: number) {
  return bearer(await tokenFor(t.app, user, actingAgentId ? { actingAgentId } : {}));
}

async function userRow(id: number) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

type Files = Partial<Record<'client_facial_verification' | 'client_signature' | 'file_2303', Buffer>>;

async function putProfile(headers: Record<string, string>, data: unknown, files: Files = {}) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const [name, bytes] of Object.entries(files)) {
    // The declared names and types are lies on purpose in some tests: the server must judge by content.
    body.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${name}.png`);
  }
  const encoded = new Response(body);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/profile',
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const data = {
  firstName: 'Maria',
  lastName: 'Santos',
  customerType: 'Buyer',
  buyerType: 'Company',
  hardwareName: 'Santos Hardware',
  phone: '09171234567',
};

async function buyerWithSignature() {
  const user = await createUser(t.app, { phone: '09171234567' });
  const first = await putProfile(await headersFor(user), data, { client_signature: png });
  expect(first.statusCode, first.body).toBe(200);
  return user;
}

describe('PUT /me/profile (the profile page)', () => {
  it('saves names and details with a signature and BIR 2303, answers Changes Saved, and the status is PENDING', async () => {
    const user = await createUser(t.app, { phone: '09171234567' });
    const headers = await headersFor(user);
    const response = await putProfile(
      headers,
      { ...data, firstName: 'Mari' },
      {
        client_signature: png,
        client_facial_verification: jpeg,
        file_2303: pdf,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Changes Saved',
      relogin: false,
      customers: { first_name: 'Mari', last_name: 'Santos', hardware_name: 'Santos Hardware' },
    });
    expect(response.json().customers.verification_status).toBe('PENDING');
    const row = await userRow(user.id);
    expect(row.bir2303Url).toMatch(/\.pdf$/);
    // The files are read back through the owner's session only.
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/me/profile/files/bir2303', headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/profile/files/bir2303' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: row.bir2303Url! })).statusCode).toBe(404);
  });

  it('keeps the stored files when none are sent, and refuses a save with no signature at all', async () => {
    const user = await buyerWithSignature();
    const before = await userRow(user.id);
    const again = await putProfile(await headersFor(user), { ...data, lastName: 'Cruz' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ lastName: 'Cruz', signatureUrl: before.signatureUrl });

    const unsigned = await createUser(t.app, { phone: '09171234567' });
    const refused = await putProfile(await headersFor(unsigned), data);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.signBeforeSaving);
  });

  it('validates every field on the server and changes nothing', async () => {
    const user = await buyerWithSignature();
    const headers = await headersFor(user);
    const cases: Array<[unknown, string]> = [
      [{ ...data, firstName: '  ' }, 'First name is required.'],
      [{ ...data, customerType: 'Seller' }, messages.userTypeRequired],
      [{ ...data, buyerType: undefined }, messages.buyerTypeRequired],
      [{ ...data, hardwareName: '' }, messages.companyNameRequired],
      [{ ...data, phone: '12' }, messages.invalidPhone],
      [{ ...data, role: 'admin' }, 'Unrecognized key: "role"'],
    ];
    for (const [payload, message] of cases) {
      const response = await putProfile(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const phone = await putProfile(headers, { ...data, phone: '09998887777' });
    expect(phone.json().error.message).toBe(messages.phoneLocked);
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Maria', role: 'buyer', phone: '09171234567' });
  });

  it('judges files by content: an .exe renamed .pdf, an SVG with a script, a huge PNG header and 10 MB are refused', async () => {
    const user = await buyerWithSignature();
    const headers = await headersFor(user);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2048)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const forgedPdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), exe]);
    // A valid PNG signature and IHDR claiming 50,000 x 50,000 pixels.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    const tenMb = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    const cases: Array<[Files, string]> = [
      [{ file_2303: exe }, messages.bir2303Invalid],
      [{ file_2303: forgedPdf }, messages.bir2303Invalid],
      [{ file_2303: svg }, messages.bir2303Invalid],
      [{ client_signature: svg }, messages.imageInvalid],
      [{ client_signature: bomb }, messages.imageInvalid],
      [{ file_2303: bomb }, messages.bir2303Invalid],
      [{ client_facial_verification: tenMb }, messages.fileOverLimit],
    ];
    const before = await userRow(user.id);
    for (const [files, message] of cases) {
      const response = await putProfile(headers, { ...data, lastName: 'Changed' }, files);
      expect(response.statusCode, Object.keys(files).join()).toBeGreaterThanOrEqual(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await userRow(user.id)).toMatchObject({ lastName: 'Santos', signatureUrl: before.signatureUrl });
    // A GIF is an accepted BIR 2303, stored re-encoded as PNG.
    const ok = await putProfile(headers, data, { file_2303: gif });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await userRow(user.id)).bir2303Url).toMatch(/\.png$/);
  });

  it('changing the user type ends the sessions (relogin)', async () => {
    const user = await buyerWithSignature();
    const headers = await headersFor(user);
    const response = await putProfile(headers, { ...data, customerType: 'Agent', buyerType: null, hardwareName: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ relogin: true, customers: { type: 'Agent' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/profile', headers })).statusCode).toBe(401);
  });

  it('an agent acting for a customer changes that customer (audited), not the type, face or signature', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const customer = await createUser(t.app, { agentId: agent.id, phone: '09171234567' });
    const linked = { ...data, agentId: agent.id };
    await putProfile(await headersFor(customer), linked, { client_signature: png });
    const headers = await headersFor(customer, agent.id);
    const saved = await putProfile(headers, { ...linked, hardwareName: 'Cruz Builders' }, { file_2303: pdf });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await userRow(customer.id)).hardwareName).toBe('Cruz Builders');
    expect((await userRow(agent.id)).hardwareName).toBeNull();
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.onBehalfOfUserId, customer.id));
    expect(audits).toContainEqual(expect.objectContaining({ actorUserId: agent.id, path: '/api/v1/me/profile' }));
    const typeChange = await putProfile(headers, { ...data, customerType: 'Agent', buyerType: null, agentId: null });
    expect(typeChange.json().error.message).toBe(messages.userTypeNotWhileActing);
    const signature = await putProfile(headers, linked, { client_signature: png });
    expect(signature.json().error.message).toBe(messages.notYourFaceOrSignature);
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/me/profile/files/bir2303', headers });
    expect(file.statusCode).toBe(200);
  });

  it('one user never reads or changes another user’s profile or files', async () => {
    const owner = await buyerWithSignature();
    const other = await createUser(t.app, { phone: '09170000000' });
    const otherHeaders = await headersFor(other);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/profile/files/signature',
      headers: otherHeaders,
    });
    expect(file.statusCode).toBe(404);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/customers/${owner.id}`, headers: otherHeaders });
    expect(read.statusCode).toBe(404);
    expect((await userRow(owner.id)).firstName).toBe('Maria');
  });
});

describe('admin review of a profile (VERIFIED)', () => {
  it('an administrator reads the files and marks the profile VERIFIED (audited); the buyer sees it', async () => {
    const user = await buyerWithSignature();
    const admin = await createUser(t.app, { role: 'admin' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/session',
      headers: csrf,
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const as = { ...csrf, cookie: `tibay_admin=${login.cookies.find((c) => c.name === 'tibay_admin')!.value}` };
    const signature = await t.app.inject({ url: `/api/v1/admin/profiles/${user.id}/files/signature`, headers: as });
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');

    // A buyer is not an administrator.
    const buyerHeaders = await headersFor(user);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/profiles/${user.id}/verify`,
      headers: buyerHeaders,
    });
    expect([401, 403]).toContain(refused.statusCode);

    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/profiles/${user.id}/verify`,
      headers: as,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().customerDetail.verification_status).toBe('VERIFIED');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'profile_verified'));
    expect(audits).toContainEqual(expect.objectContaining({ actorUserId: admin.id, detail: { userId: user.id } }));
    const own = await t.app.inject({ url: '/api/v1/me/profile', headers: buyerHeaders });
    expect(own.json().customerDetail.verification_status).toBe('VERIFIED');

    // New identity files need a new review.
    const changed = await putProfile(buyerHeaders, data, { client_signature: png });
    expect(changed.json().customers.verification_status).toBe('PENDING');
  });
});
