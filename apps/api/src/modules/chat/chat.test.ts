import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, chatPageSize, chatSendLimit, chatMessages as m } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerCompanies } from '../../db/schema/index.ts';
import { insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, signedIn, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
let buyer: Headers;
let buyerId: number;
let otherBuyer: Headers;
let seller: Headers;
let sellerId: number;
let otherSeller: Headers;
let otherSellerId: number;
let adminCookie: Headers;
let adminId: number;
const csrf = { [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };

async function shopOwner(name: string) {
  const user = await createUser(t.app, { role: 'seller' });
  const shop = await insertSeller(t.app, { name });
  await t.app.db.update(sellerCompanies).set({ ownerUserId: user.id }).where(eq(sellerCompanies.id, shop.id));
  return { headers: bearer(await tokenFor(t.app, user)), sellerId: shop.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const mine = await shopOwner('Bulacan Hardware Depot');
  seller = mine.headers;
  sellerId = mine.sellerId;
  const other = await shopOwner('Cebu Builders');
  otherSeller = other.headers;
  otherSellerId = other.sellerId;
  const b = await signedIn(t.app, { firstName: 'Maria', lastName: 'Santos' });
  buyer = b.headers;
  buyerId = b.user.id;
  otherBuyer = (await signedIn(t.app)).headers;
  const admin = await createUser(t.app, { role: 'admin' });
  adminId = admin.id;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: csrf,
    payload: { email: admin.email, password: admin.password },
  });
  const cookie = login.cookies.find((c) => c.name === 'tibay_admin');
  adminCookie = { cookie: `tibay_admin=${cookie?.value}`, ...csrf };
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function toSeller(id: number, message: string, headers = buyer) {
  const res = await call('POST', `/chat/sellers/${id}/messages`, headers, { message });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { conversation_id: number; chat: { id: number; message: string; buyer_id: number } };
}

describe('buyer and seller', () => {
  it('sends a first message to a shop, which makes the conversation; the shop sees it and answers', async () => {
    const none = await call('GET', `/chat/sellers/${otherSellerId}/conversation`, buyer);
    expect(none.json()).toEqual({ conversation_id: null });

    const sent = await toSeller(sellerId, 'Do you deliver to Quezon City?');
    expect(sent.chat).toMatchObject({ message: 'Do you deliver to Quezon City?', buyer_id: buyerId, mine: true });
    const found = await call('GET', `/chat/sellers/${sellerId}/conversation`, buyer);
    expect(found.json()).toEqual({ conversation_id: sent.conversation_id });

    const inbox = await call('GET', '/chat/shop/conversations', seller);
    expect(inbox.json().conversations).toEqual([
      expect.objectContaining({ conversation_id: sent.conversation_id, buyer: { id: buyerId, name: 'Maria Santos' } }),
    ]);
    expect(inbox.json().conversations[0].unread).toBe(true);

    const answer = await call('POST', `/chat/conversations/${sent.conversation_id}/messages`, seller, {
      message: 'Yes, within 3 days.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().chat).toMatchObject({
      seller_id: sellerId,
      buyer_id: null,
      sender_name: 'Bulacan Hardware Depot',
    });

    const list = await call('GET', '/chat/conversations', buyer);
    expect(list.json()).toMatchObject({
      success: true,
      user_conversations: [
        {
          conversation_id: sent.conversation_id,
          seller_detail: { id: sellerId, name: 'Bulacan Hardware Depot' },
          last_message: 'Yes, within 3 days.',
          unread: true,
        },
      ],
    });
    const page = await call('GET', `/chat/conversations/${sent.conversation_id}/messages`, buyer);
    expect(page.json().chats.map((c: { message: string; mine: boolean }) => [c.message, c.mine])).toEqual([
      ['Do you deliver to Quezon City?', true],
      ['Yes, within 3 days.', false],
    ]);
  });

  it('keeps each conversation to its two parties: anyone else gets 404', async () => {
    const { conversation_id: id } = await toSeller(sellerId, 'Another question');
    for (const stranger of [otherBuyer, otherSeller]) {
      const read = await call('GET', `/chat/conversations/${id}/messages`, stranger);
      expect(read.statusCode).toBe(404);
      expect(read.json().error.message).toBe(m.conversationNotFound);
      const write = await call('POST', `/chat/conversations/${id}/messages`, stranger, { message: 'hello' });
      expect(write.statusCode).toBe(404);
      const mark = await call('POST', `/chat/conversations/${id}/read`, stranger);
      expect(mark.statusCode).toBe(404);
    }
    // Another buyer's list holds nothing of it; another shop's inbox neither.
    expect((await call('GET', '/chat/conversations', otherBuyer)).json().user_conversations).toEqual([]);
    expect((await call('GET', '/chat/shop/conversations', otherSeller)).json().conversations).toEqual([]);
    // Administrators read support conversations only.
    const admin = await call('GET', `/admin/chat/conversations/${id}/messages`, adminCookie);
    expect(admin.statusCode).toBe(404);
    // Guests are asked to log in.
    expect((await call('GET', `/chat/conversations/${id}/messages`, {})).statusCode).toBe(401);
    expect((await call('POST', `/chat/sellers/${sellerId}/messages`, {}, { message: 'hi' })).statusCode).toBe(401);
  });

  it('refuses a seller writing to its own shop, and a shop that does not exist', async () => {
    const own = await call('POST', `/chat/sellers/${sellerId}/messages`, seller, { message: 'me?' });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe(m.ownShop);
    const missing = await call('POST', '/chat/sellers/999999/messages', buyer, { message: 'hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.sellerNotFound);
  });
});

describe('messages', () => {
  it('refuses empty, whitespace-only and too long messages, and stores nothing', async () => {
    const { conversation_id: id } = await toSeller(otherSellerId, 'First');
    for (const message of ['', '   ', '\n\t ', undefined]) {
      const res = await call('POST', `/chat/conversations/${id}/messages`, buyer, { message });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(m.messageRequired);
    }
    const long = await call('POST', `/chat/conversations/${id}/messages`, buyer, { message: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(m.messageTooLong);
    const exact = await call('POST', `/chat/conversations/${id}/messages`, buyer, { message: 'b'.repeat(2000) });
    expect(exact.statusCode).toBe(201);
    const page = await call('GET', `/chat/conversations/${id}/messages`, buyer);
    expect(page.json().chats).toHaveLength(2);
  });

  it('keeps text as it was typed (never HTML)', async () => {
    const text = '<script>alert(1)</script> see https://tibay.ph';
    const sent = await toSeller(otherSellerId, text);
    expect(sent.chat.message).toBe(text);
  });

  it('pages newest first: page 1 holds the newest messages, each page oldest first', async () => {
    const headers = (await signedIn(t.app)).headers;
    const total = chatPageSize + 5;
    let id = 0;
    for (let n = 1; n <= total; n += 1) id = (await toSeller(sellerId, `message ${n}`, headers)).conversation_id;
    const first = (await call('GET', `/chat/conversations/${id}/messages?page=1`, headers)).json();
    expect(first.totalPages).toBe(2);
    expect(first.chats).toHaveLength(chatPageSize);
    expect(first.chats[0].message).toBe('message 6');
    expect(first.chats.at(-1).message).toBe(`message ${total}`);
    const second = (await call('GET', `/chat/conversations/${id}/messages?page=2`, headers)).json();
    expect(second.chats.map((c: { message: string }) => c.message)).toEqual([1, 2, 3, 4, 5].map((n) => `message ${n}`));
    const bad = await call('GET', `/chat/conversations/${id}/messages?page=0`, headers);
    expect(bad.statusCode).toBe(400);
  });

  it('lets only the author delete, and removes the text for both sides', async () => {
    const sent = await toSeller(sellerId, 'Wrong order number, sorry');
    const answer = (
      await call('POST', `/chat/conversations/${sent.conversation_id}/messages`, seller, { message: 'No problem' })
    ).json();
    const notAuthor = await call('DELETE', `/chat/messages/${sent.chat.id}`, seller);
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().error.message).toBe(m.onlyAuthorDeletes);
    const stranger = await call('DELETE', `/chat/messages/${sent.chat.id}`, otherBuyer);
    expect(stranger.statusCode).toBe(404);
    const buyerOnSeller = await call('DELETE', `/chat/messages/${answer.chat.id}`, buyer);
    expect(buyerOnSeller.statusCode).toBe(403);

    expect((await call('DELETE', `/chat/messages/${sent.chat.id}`, buyer)).statusCode).toBe(204);
    for (const headers of [buyer, seller]) {
      const page = (await call('GET', `/chat/conversations/${sent.conversation_id}/messages`, headers)).json();
      const deleted = page.chats.find((c: { id: number }) => c.id === sent.chat.id);
      expect(deleted).toMatchObject({ message: null, deleted: true });
    }
  });
});

describe('unread counts', () => {
  it('counts conversations with messages the reader has not seen, until read', async () => {
    const b = await signedIn(t.app);
    const shop = await shopOwner('Davao Steel');
    const zero = await call('GET', '/chat/unread', b.headers);
    expect(zero.json()).toEqual({ count: 0 });
    const { conversation_id: id } = await toSeller(shop.sellerId, 'Hello', b.headers);
    expect((await call('GET', '/chat/unread', shop.headers)).json()).toEqual({ count: 1 });
    expect((await call('GET', '/chat/unread', b.headers)).json()).toEqual({ count: 0 });
    await call('POST', `/chat/conversations/${id}/messages`, shop.headers, { message: 'Hi there' });
    expect((await call('GET', '/chat/unread', shop.headers)).json()).toEqual({ count: 0 });
    expect((await call('GET', '/chat/unread', b.headers)).json()).toEqual({ count: 1 });
    expect((await call('POST', `/chat/conversations/${id}/read`, b.headers)).statusCode).toBe(204);
    expect((await call('GET', '/chat/unread', b.headers)).json()).toEqual({ count: 0 });
  });
});

describe('support', () => {
  it('gives each buyer one support conversation, which every administrator reads and answers', async () => {
    const first = (await call('GET', '/chat/support', buyer)).json();
    const again = (await call('GET', '/chat/support', buyer)).json();
    expect(again).toEqual(first);
    const theirs = (await call('GET', '/chat/support', otherBuyer)).json();
    expect(theirs.conversation_id).not.toBe(first.conversation_id);

    const sent = await call('POST', `/chat/conversations/${first.conversation_id}/messages`, buyer, {
      message: 'My delivery is late',
    });
    expect(sent.statusCode).toBe(201);
    // Another buyer cannot read it; a seller neither; a bearer token is not an admin session.
    expect((await call('GET', `/chat/conversations/${first.conversation_id}/messages`, otherBuyer)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/chat/conversations/${first.conversation_id}/messages`, seller)).statusCode).toBe(404);
    expect((await call('GET', '/admin/chat/conversations', buyer)).statusCode).toBe(403);

    const inbox = (await call('GET', '/admin/chat/conversations', adminCookie)).json();
    expect(inbox.conversations[0]).toMatchObject({
      conversation_id: first.conversation_id,
      buyer: { id: buyerId },
      unread: true,
      assignee: null,
    });
    // A support conversation with no message yet is not in the inbox.
    expect(inbox.conversations.map((c: { conversation_id: number }) => c.conversation_id)).not.toContain(
      theirs.conversation_id,
    );
    expect((await call('GET', '/admin/chat/unread', adminCookie)).json()).toEqual({ count: 1 });

    const reply = await call('POST', `/admin/chat/conversations/${first.conversation_id}/messages`, adminCookie, {
      message: 'We are checking with the courier.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().chat).toMatchObject({ admin_id: adminId, sender_name: 'Tibay Support', mine: true });
    const page = (await call('GET', `/chat/conversations/${first.conversation_id}/messages`, buyer)).json();
    expect(page.chats.at(-1)).toMatchObject({ message: 'We are checking with the courier.', mine: false });

    const assign = await call('PUT', `/admin/chat/conversations/${first.conversation_id}/assignee`, adminCookie, {
      admin_id: adminId,
    });
    expect(assign.statusCode).toBe(204);
    const assigned = (await call('GET', '/admin/chat/conversations', adminCookie)).json();
    expect(assigned.conversations[0].assignee).toMatchObject({ id: adminId });
    const notAdmin = await call('PUT', `/admin/chat/conversations/${first.conversation_id}/assignee`, adminCookie, {
      admin_id: buyerId,
    });
    expect(notAdmin.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it(`answers 429 with a clear message past ${chatSendLimit.max} messages a minute`, async () => {
    const b = await signedIn(t.app);
    const { conversation_id: id } = await toSeller(sellerId, 'one', b.headers);
    let last = 201;
    for (let n = 2; n <= chatSendLimit.max + 1; n += 1) {
      const res = await call('POST', `/chat/conversations/${id}/messages`, b.headers, { message: `n${n}` });
      last = res.statusCode;
      if (n <= chatSendLimit.max) expect(res.statusCode).toBe(201);
      else expect(res.json().error.message).toBe(m.tooFast);
    }
    expect(last).toBe(429);
  });
});
