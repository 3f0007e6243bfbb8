/**
 * The live chat's benchmark (issue 16, decision 0034): STREAMS buyers hold an event stream open on one API process
 * (a child, tsx bench/load-server.ts app), their shops answer through HTTP at RATE messages a second for SECONDS,
 * and each buyer's client does what the web app does: on the event it reads the conversation's first page again.
 * Delivery latency = from the send's start to that page holding the message. Memory per stream = the server's RSS
 * growth while the streams open, divided by their number.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chat-live.ts
 *   (STREAMS=200 RATE=20 SECONDS=30 PORT=3290 by default; a database tibay_chat_bench is made afresh)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { sellerCompanies, users } from '../apps/api/src/db/schema/index.ts';

const STREAMS = Number(process.env.STREAMS ?? 200);
const RATE = Number(process.env.RATE ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 30);
const PORT = Number(process.env.PORT ?? 3290);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error('BENCH_DATABASE_URL is required (a PostgreSQL server).');
  process.exit(2);
}
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const base = `http://127.0.0.1:${PORT}/api/v1`;

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tibay_chat_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE tibay_chat_bench');
  await admin.end();
  const url = new URL(serverUrl as string);
  url.pathname = '/tibay_chat_bench';
  return url.toString();
}

/** STREAMS buyers and as many shops (one per buyer, so no shop's send limit is reached); tokens for all. */
async function prepare(url: string) {
  const database = await openDatabase({ url, dataDir: 'unused' });
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, SEED_DEMO: 'off', WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, database });
  const pairs: Array<{ buyerToken: string; sellerToken: string; conversationId: number }> = [];
  for (let n = 0; n < STREAMS; n += 1) {
    const [buyer, seller] = await app.db
      .insert(users)
      .values([
        { email: `b${n}@bench.test`, passwordHash: 'x', firstName: 'Buyer', lastName: String(n), role: 'buyer' },
        { email: `s${n}@bench.test`, passwordHash: 'x', firstName: 'Seller', lastName: String(n), role: 'seller' },
      ])
      .returning({ id: users.id, role: users.role });
    const [shop] = await app.db
      .insert(sellerCompanies)
      .values({
        name: `Shop ${n}`,
        urlHandle: `bench-shop-${n}`,
        address: 'Rizal Avenue',
        city: 'Manila',
        latitude: 14.6,
        longitude: 120.98,
        ownerUserId: seller?.id,
      })
      .returning({ id: sellerCompanies.id });
    const token = async (id: number, role: 'buyer' | 'seller') =>
      (await app.signSession({ sub: String(id), role, sv: 1 }, 3600)).token;
    const buyerToken = await token(buyer!.id, 'buyer');
    const sellerToken = await token(seller!.id, 'seller');
    const first = await app.inject({
      method: 'POST',
      url: `/api/v1/chat/sellers/${shop!.id}/messages`,
      headers: { authorization: `Bearer ${buyerToken}` },
      payload: { message: 'Hello' },
    });
    pairs.push({ buyerToken, sellerToken, conversationId: first.json().conversation_id });
  }
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.passwordHash, 'x'));
  await app.close();
  return pairs;
}

function startServer(url: string): Promise<ChildProcess> {
  // node itself (tsx as a loader), so the child's pid is the server's and its RSS is the server's memory.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-server.ts', 'app', String(PORT)], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** The server's resident memory in KiB. */
function rssKib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Sent messages not yet seen by their buyer: text -> the send's start. */
const pending = new Map<string, number>();
const latencies: number[] = [];

async function openStream(pair: { buyerToken: string; conversationId: number }, ready: () => void) {
  const headers = { authorization: `Bearer ${pair.buyerToken}` };
  const response = await fetch(`${base}/chat/stream`, { headers });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let announced = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    if (!announced && buffer.includes(': connected')) {
      announced = true;
      ready();
    }
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!block.startsWith('event: chat') || !data) continue;
      const event = JSON.parse(data.slice(6)) as { message_id: number | null; kind: string };
      if (event.kind !== 'message' || event.message_id === null) continue;
      // What the web app does on an event: read the first page again.
      const page = await fetch(`${base}/chat/conversations/${pair.conversationId}/messages?page=1`, { headers });
      const body = (await page.json()) as { chats: { message: string | null }[] };
      for (const chat of body.chats) {
        const started = chat.message === null ? undefined : pending.get(chat.message);
        if (started === undefined || chat.message === null) continue;
        latencies.push(performance.now() - started);
        pending.delete(chat.message);
      }
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const url = await freshDatabase();
console.log(`preparing ${STREAMS} buyers and shops ...`);
const pairs = await prepare(url);
console.log('starting the server ...');
const server = await startServer(url);
await new Promise((resolve) => setTimeout(resolve, 1000));
const before = rssKib(server.pid!);
let opened = 0;
await new Promise<void>((resolve) => {
  for (const pair of pairs) {
    void openStream(pair, () => {
      opened += 1;
      if (opened === pairs.length) resolve();
    }).catch((error) => console.error('stream:', error.message));
  }
});
await new Promise((resolve) => setTimeout(resolve, 2000));
const after = rssKib(server.pid!);
console.log(`${opened} streams open; server RSS ${before} KiB -> ${after} KiB`);

let sent = 0;
let refused = 0;
const interval = 1000 / RATE;
const started = performance.now();
while (performance.now() - started < SECONDS * 1000) {
  const pair = pairs[sent % pairs.length]!;
  const text = `answer ${sent}`;
  pending.set(text, performance.now());
  void fetch(`${base}/chat/conversations/${pair.conversationId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pair.sellerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: text }),
  })
    .then((response) => {
      if (response.status === 201) return;
      refused += 1;
      pending.delete(text);
    })
    .catch(() => {
      refused += 1;
      pending.delete(text);
    });
  sent += 1;
  const next = started + sent * interval;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await new Promise((resolve) => setTimeout(resolve, 3000));
const sorted = [...latencies].sort((a, b) => a - b);
const memoryPerStream = ((after - before) / Math.max(1, opened)).toFixed(1);
console.log(
  JSON.stringify(
    {
      streams: opened,
      sendRatePerSecond: RATE,
      seconds: SECONDS,
      sent,
      refused,
      delivered: latencies.length,
      undelivered: pending.size,
      p50Ms: Math.round(percentile(sorted, 0.5)),
      p95Ms: Math.round(percentile(sorted, 0.95)),
      p99Ms: Math.round(percentile(sorted, 0.99)),
      maxMs: Math.round(sorted.at(-1) ?? 0),
      serverRssBeforeKiB: before,
      serverRssAfterKiB: after,
      memoryPerStreamKiB: Number(memoryPerStream),
    },
    null,
    2,
  ),
);
server.kill('SIGTERM');
process.exit(0);
