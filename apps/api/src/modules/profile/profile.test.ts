import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import type { LocalDiskStorage } from '../../plugins/storage.ts';
import { bearer, createUser, type TestUser, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { imageKind } from './images.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 320, height: 180, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#886644' } })
    .jpeg()
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

const address = {
  address: '12 Katipunan Avenue, Loyola Heights, Quezon City, Metro Manila',
  latitude: 14.64,
  longitude: 121.07,
};

function putAddress(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/v1/me/address', headers, payload: payload as object });
}

describe('PUT /me/address', () => {
  it('saves the address and pin and answers Address Changed with the customer', async () => {
    const user = await createUser(t.app);
    const response = await putAddress(await headersFor(user), address);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Address Changed',
      user: { id: user.id, address: address.address, latitude: 14.64, longitude: 121.07 },
    });
    expect(await userRow(user.id)).toMatchObject({ address: address.address, latitude: 14.64, longitude: 121.07 });
  });

  it('refuses a short address, a pin outside the Philippines and unknown fields, changing nothing', async () => {
    const user = await createUser(t.app, { address: 'Old address, Pasig City', latitude: 14.57, longitude: 121.08 });
    const headers = await headersFor(user);
    const cases: Array<[unknown, string]> = [
      [{ ...address, address: '  Pasig  ' }, messages.addressTooShort],
      [{ ...address, address: undefined }, messages.addressTooShort],
      [{ ...address, latitude: 35.68, longitude: 139.69 }, messages.addressOutsidePhilippines],
      [{ ...address, latitude: '14.6' }, messages.addressOutsidePhilippines],
      [{ ...address, longitude: null }, messages.addressOutsidePhilippines],
    ];
    for (const [payload, message] of cases) {
      const response = await putAddress(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await putAddress(headers, { ...address, user_id: 1 })).statusCode).toBe(400);
    expect((await putAddress(headers, { ...address, address: 'x'.repeat(301) })).statusCode).toBe(400);
    expect(await userRow(user.id)).toMatchObject({ address: 'Old address, Pasig City', latitude: 14.57 });
  });

  it('changes only the caller’s own address and needs a customer session', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app, {
      address: 'Their address in Makati City',
      latitude: 14.55,
      longitude: 121.02,
    });
    await putAddress(await headersFor(me), address);
    expect((await userRow(other.id)).address).toBe('Their address in Makati City');
    expect((await putAddress({}, address)).statusCode).toBe(401);
    const seller = await createUser(t.app, { role: 'seller' });
    expect((await putAddress(await headersFor(seller), address)).statusCode).toBe(403);
  });

  it('lets an agent change the address of the customer it acts for, and records it', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const customer = await createUser(t.app, { agentId: agent.id });
    const response = await putAddress(await headersFor(customer, agent.id), address);
    expect(response.statusCode).toBe(200);
    expect((await userRow(customer.id)).address).toBe(address.address);
    expect((await userRow(agent.id)).address).toBeNull();
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.onBehalfOfUserId, customer.id));
    expect(audits).toEqual([expect.objectContaining({ actorUserId: agent.id, path: '/api/v1/me/address' })]);
  });
});

interface ProfileForm {
  data?: unknown;
  rawData?: string;
  face?: Buffer | null;
  signature?: Buffer | null;
  extra?: { name: string; bytes: Buffer };
}

async function postProfile(headers: Record<string, string>, form: ProfileForm) {
  const body = new FormData();
  if (form.rawData !== undefined) body.append('data', form.rawData);
  else if (form.data !== undefined) body.append('data', JSON.stringify(form.data));
  const face = form.face === undefined ? jpeg : form.face;
  const signature = form.signature === undefined ? png : form.signature;
  if (face)
    body.append('client_facial_verification', new Blob([new Uint8Array(face)], { type: 'image/png' }), 'face.png');
  if (signature) {
    body.append('client_signature', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'signature.png');
  }
  if (form.extra) body.append(form.extra.name, new Blob([new Uint8Array(form.extra.bytes)]), 'extra.png');
  const encoded = new Response(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/me/profile',
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const buyerData = {
  customerType: 'Buyer',
  buyerType: 'Company',
  hardwareName: 'Santos Hardware',
  phone: '09171234567',
};

describe('POST /me/profile (complete profile)', () => {
  it('saves a Company buyer with an agent, stores both images re-encoded, and completes the profile', async () => {
    const agent = await createUser(t.app, { role: 'agent', firstName: 'Andrea', lastName: 'Lim' });
    const user = await createUser(t.app, { phone: null });
    const response = await postProfile(await headersFor(user), {
      data: { ...buyerData, agentId: agent.id, phone: '09175550000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Congratulations on completing your profile',
      relogin: false,
      customers: {
        type: 'Buyer',
        buyer_type: 'Company',
        hardware_name: 'Santos Hardware',
        phone: '09175550000',
        agent: { id: agent.id, name: 'Andrea Lim' },
        agent_code: agent.agentCode,
        is_completed_profile: true,
      },
      user: { id: user.id, is_completed_profile: true, agent_code: agent.agentCode },
    });
    const face = await t.app.storage.read(body.customers.client_facial_verification.replace('/uploads/', ''));
    const signature = await t.app.storage.read(body.customers.client_signature.replace('/uploads/', ''));
    expect(imageKind(face!)).toBe('jpeg');
    expect(imageKind(signature!)).toBe('png');
    expect(await sharp(face!).metadata()).toMatchObject({ width: 1280, height: 720 });
    // Identity images are private: the public /uploads route never serves them.
    const served = await t.app.inject({ method: 'GET', url: body.customers.client_signature });
    expect(served.statusCode).toBe(404);
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/me/profile', headers: await headersFor(user) });
    expect(profile.json().customerDetail).toEqual(body.customers);
  });

  it('keeps no company name for an End User and allows no agent', async () => {
    const user = await createUser(t.app);
    const response = await postProfile(await headersFor(user), {
      data: {
        customerType: 'Buyer',
        buyerType: 'End User',
        hardwareName: 'Ignored',
        phone: '09171234567',
        agentId: null,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().customers).toMatchObject({ buyer_type: 'End User', hardware_name: null, agent: null });
  });

  it('applies the spec rules with clear messages and changes nothing', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const seller = await createUser(t.app, { role: 'seller' });
    const user = await createUser(t.app);
    const headers = await headersFor(user);
    const cases: Array<[ProfileForm, number, string]> = [
      [{ data: { ...buyerData, customerType: undefined } }, 400, messages.userTypeRequired],
      [{ data: { ...buyerData, customerType: 'Seller' } }, 400, messages.userTypeRequired],
      [{ data: { ...buyerData, buyerType: undefined } }, 400, messages.buyerTypeRequired],
      [{ data: { ...buyerData, hardwareName: '  ' } }, 400, messages.companyNameRequired],
      [{ data: { ...buyerData, phone: '' } }, 400, messages.phoneRequired],
      [{ data: { ...buyerData, phone: '12345' } }, 400, messages.invalidPhone],
      [{ data: { ...buyerData, customerType: 'Agent', agentId: agent.id } }, 400, messages.agentOnlyForBuyer],
      [{ data: { ...buyerData, agentId: seller.id } }, 422, messages.agentNotFound],
      [{ data: { ...buyerData, agentId: 999999 } }, 422, messages.agentNotFound],
      [{ data: { ...buyerData, phone: '09998887777' } }, 422, messages.phoneLocked],
      [{ data: { ...buyerData, is_completed_profile: true, role: 'admin' } }, 400, ''],
      [{ rawData: '{not json' }, 400, 'The profile data is not valid JSON.'],
      [{ data: buyerData, face: null }, 400, messages.faceCaptureRequired],
      [{ data: buyerData, signature: null }, 400, messages.signBeforeSaving],
      [{ data: buyerData, face: Buffer.from('GIF89a not a picture') }, 415, messages.imageInvalid],
      [
        { data: buyerData, signature: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        415,
        messages.imageInvalid,
      ],
      // PNG magic bytes on something that is not a PNG: sharp refuses it.
      [
        { data: buyerData, signature: Buffer.concat([png.subarray(0, 8), Buffer.alloc(100)]) },
        415,
        messages.imageInvalid,
      ],
      [{ data: buyerData, extra: { name: 'file_2303', bytes: png } }, 400, 'Unexpected file: file_2303.'],
    ];
    for (const [form, status, message] of cases) {
      const response = await postProfile(headers, form);
      expect(response.statusCode, JSON.stringify(form.data ?? form.rawData)).toBe(status);
      if (message) expect(response.json().error.message).toBe(message);
    }
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      isCompletedProfile: false,
      role: 'buyer',
      facialVerificationUrl: null,
      hardwareName: null,
    });
  });

  it('stores no file when the save fails: a valid face photo with an invalid signature leaves nothing behind', async () => {
    const user = await createUser(t.app);
    const headers = await headersFor(user);
    const folder = path.join((t.app.storage as LocalDiskStorage).root, 'profiles', String(user.id));
    // The uploads folder outlives a test database (user ids repeat on PostgreSQL): judge what this test adds.
    const before = new Set(await readdir(folder).catch(() => [] as string[]));
    const files = async () => (await readdir(folder).catch(() => [] as string[])).filter((name) => !before.has(name));
    const notPng = Buffer.concat([png.subarray(0, 8), Buffer.alloc(100)]);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await postProfile(headers, { data: buyerData, signature: notPng });
      expect(response.statusCode).toBe(415);
    }
    // A rule checked after the images (an agent that does not exist) stores nothing either.
    expect((await postProfile(headers, { data: { ...buyerData, agentId: 999999 } })).statusCode).toBe(422);
    expect(await files()).toEqual([]);
    // The whole save succeeding keeps exactly its two files.
    expect((await postProfile(headers, { data: buyerData })).statusCode).toBe(200);
    expect((await files()).sort()).toEqual([expect.stringMatching(/^face-/), expect.stringMatching(/^signature-/)]);
  });

  it('refuses an image over 3 MB', async () => {
    const user = await createUser(t.app);
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const response = await postProfile(await headersFor(user), { data: buyerData, face: big });
    expect(response.statusCode).toBe(413);
    expect((await userRow(user.id)).isCompletedProfile).toBe(false);
  });

  it('refuses JSON bodies, signed-out callers, sellers and an agent acting for the customer', async () => {
    const user = await createUser(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/profile',
      headers: await headersFor(user),
      payload: buyerData,
    });
    expect(json.statusCode).toBe(400);
    expect((await postProfile({}, { data: buyerData })).statusCode).toBe(401);
    const seller = await createUser(t.app, { role: 'seller' });
    expect((await postProfile(await headersFor(seller), { data: buyerData })).statusCode).toBe(403);
    const agent = await createUser(t.app, { role: 'agent' });
    const customer = await createUser(t.app, { agentId: agent.id });
    expect((await postProfile(await headersFor(customer, agent.id), { data: buyerData })).statusCode).toBe(403);
    expect((await userRow(customer.id)).isCompletedProfile).toBe(false);
  });

  it('turns a Buyer into an Agent with an agent code and ends the old sessions', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const user = await createUser(t.app, { agentId: agent.id });
    const headers = await headersFor(user);
    const response = await postProfile(headers, {
      data: { customerType: 'Agent', hardwareName: 'Lim Sales', phone: '09171234567' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      relogin: true,
      customers: { type: 'Agent', agent: null, buyer_type: null, hardware_name: 'Lim Sales' },
      user: { account_type: 'Agent', agent_code: expect.stringMatching(/^AGT-[0-9A-F]{8}$/) },
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ role: 'agent', agentId: null, sessionVersion: user.sessionVersion + 1 });
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(old.statusCode).toBe(401);
    // Back to Buyer: the code goes.
    const back = await postProfile(await headersFor(user), { data: { ...buyerData, buyerType: 'End User' } });
    expect(back.json()).toMatchObject({ relogin: true, customers: { type: 'Buyer', agent_code: null } });
  });

  it('keeps an agent with linked customers an Agent', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    await createUser(t.app, { agentId: agent.id });
    const response = await postProfile(await headersFor(agent), { data: buyerData });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(messages.agentHasCustomers);
    expect((await userRow(agent.id)).role).toBe('agent');
  });
});

describe('GET /agents', () => {
  it('lists agents by name for signed-in customers', async () => {
    const named = await createUser(t.app, { role: 'agent', firstName: 'Zenaida', lastName: 'Quirino' });
    const user = await createUser(t.app);
    const headers = await headersFor(user);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/agents?q=zenaida%20q', headers });
    expect(found.json()).toEqual({ items: [{ id: named.id, name: 'Zenaida Quirino' }] });
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/agents', headers });
    expect(all.json().items.length).toBeGreaterThan(0);
    expect(all.json().items.every((item: { id: number }) => item.id !== user.id)).toBe(true);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/v1/agents?q=%25', headers });
    expect(wildcard.json().items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/agents' })).statusCode).toBe(401);
  });
});

describe('GET /me/profile', () => {
  it('reads the caller’s profile only', async () => {
    const user: TestUser = await createUser(t.app, { firstName: 'Nena' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/profile', headers: await headersFor(user) });
    expect(response.json()).toMatchObject({
      success: true,
      customerDetail: { id: user.id, first_name: 'Nena', type: 'Buyer', is_completed_profile: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/profile' })).statusCode).toBe(401);
  });
});
