import type { ChatEvent } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { sellerCompanies } from '../../db/schema/index.ts';
import { rows } from '../../db/sql.ts';
import { insertSeller } from '../../test/catalog-fixtures.ts';
import { APP_START_TIMEOUT, bearer, createUser, signedIn, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHAT_CHANNEL } from './chat-hub.ts';

/** Live delivery (decision 0034): server-sent events fed by LISTEN/NOTIFY, on PGlite and on a PostgreSQL server. */

let t: TestApp;
let base: string;
let buyer: { headers: Record<string, string>; id: number };
let stranger: Record<string, string>;
let seller: Record<string, string>;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const b = await signedIn(t.app);
  buyer = { headers: b.headers, id: b.user.id };
  stranger = (await signedIn(t.app)).headers;
  const owner = await createUser(t.app, { role: 'seller' });
  const shop = await insertSeller(t.app, { name: 'Live Hardware' });
  sellerId = shop.id;
  await t.app.db.update(sellerCompanies).set({ ownerUserId: owner.id }).where(eq(sellerCompanies.id, shop.id));
  seller = bearer(await tokenFor(t.app, owner));
}, APP_START_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, APP_START_TIMEOUT);

/** An open event stream: the chat events it has received so far, and a wait for the next matching one. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: ChatEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => {
    connected = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        if (buffer.includes(': connected')) connected();
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: chat') && data) events.push(JSON.parse(data.slice(6)) as ChatEvent);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted
    }
  })();
  await ready;
  return {
    events,
    async next(match: (event: ChatEvent) => boolean, timeoutMs = 5000): Promise<ChatEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** The address of this file's database on the PostgreSQL server. */
async function testDatabaseUrl(): Promise<string> {
  const [row] = await rows<{ name: string }>(t.app.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${row?.name}`;
  return url.toString();
}

async function send(app: FastifyInstance, url: string, headers: Record<string, string>, message: string) {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: { message } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { conversation_id: number; chat: { id: number } };
}

describe('live delivery', () => {
  it('refuses a stream without a session', async () => {
    const res = await fetch(`${base}/api/v1/chat/stream`);
    expect(res.status).toBe(401);
  });

  it('delivers a NOTIFY made on another connection to the subscriber', async () => {
    const stream = await openStream(`${base}/api/v1/chat/stream`, buyer.headers);
    const notice = JSON.stringify({
      conversation_id: 424242,
      kind: 'message',
      message_id: 1,
      buyer_id: buyer.id,
      seller_id: null,
      support: false,
    });
    if (t.database.kind === 'postgres') {
      // A connection of its own, outside the app's pool: as another API process would.
      const client = new pg.Client({ connectionString: await testDatabaseUrl() });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [CHAT_CHANNEL, notice]);
      await client.end();
    } else {
      // PGlite has one connection: a NOTIFY made straight on it, not through the chat service.
      await t.database.db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${notice})`);
    }
    const event = await stream.next((e) => e.conversation_id === 424242);
    expect(event).toEqual({ conversation_id: 424242, kind: 'message', message_id: 1 });
    stream.close();
  });

  it("delivers a seller's answer to the buyer's stream and to no one else's", async () => {
    const first = await send(t.app, `/chat/sellers/${sellerId}/messages`, buyer.headers, 'Is it in stock?');
    const buyerStream = await openStream(`${base}/api/v1/chat/stream`, buyer.headers);
    const strangerStream = await openStream(`${base}/api/v1/chat/stream`, stranger);
    const sellerStream = await openStream(`${base}/api/v1/chat/stream`, seller);

    const answer = await send(t.app, `/chat/conversations/${first.conversation_id}/messages`, seller, 'Yes, 40 bags.');
    const started = Date.now();
    const heard = await buyerStream.next((e) => e.message_id === answer.chat.id);
    expect(heard).toEqual({ conversation_id: first.conversation_id, kind: 'message', message_id: answer.chat.id });
    expect(Date.now() - started).toBeLessThan(1000);
    await sellerStream.next((e) => e.message_id === answer.chat.id);

    const reply = await send(t.app, `/chat/conversations/${first.conversation_id}/messages`, buyer.headers, 'Thanks');
    await sellerStream.next((e) => e.message_id === reply.chat.id);
    expect(strangerStream.events).toEqual([]);
    for (const stream of [buyerStream, strangerStream, sellerStream]) stream.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two API processes on one database deliver each other’s messages',
    async () => {
      const database = await openDatabase({ url: await testDatabaseUrl(), dataDir: 'unused' });
      const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'off', WEB_DIST: '/nonexistent' });
      const second = await buildApp({ config, database });
      try {
        const first = await send(t.app, `/chat/sellers/${sellerId}/messages`, buyer.headers, 'Two processes?');
        const streamOnFirst = await openStream(`${base}/api/v1/chat/stream`, buyer.headers);
        // The seller answers through the second process; the buyer's stream is held by the first.
        const answer = await send(second, `/chat/conversations/${first.conversation_id}/messages`, seller, 'Yes.');
        const heard = await streamOnFirst.next((e) => e.message_id === answer.chat.id);
        expect(heard.conversation_id).toBe(first.conversation_id);
        streamOnFirst.close();
      } finally {
        await second.close();
      }
    },
    APP_START_TIMEOUT,
  );
});
