import net from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { dashboard } from '../modules/admin/dashboard.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { mailMaxAttempts, mailRetryDelaysSeconds, retryUndelivered } from './mail-queue.ts';

/**
 * A minimal SMTP server on loopback. By default it accepts every mail; `hold` makes it answer the end of each message
 * only when the test releases it (a slow mail server); `refuse` decides, per message, to answer 451 (try again later)
 * instead. `subjects` lists the subjects of the mails it accepted.
 */
function fakeSmtpServer(options: { hold?: boolean; refuse?: (subject: string, index: number) => boolean } = {}) {
  const received: string[] = [];
  const subjects: string[] = [];
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  let messages = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let message: string[] = [];
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const subject = /^Subject: (.*)$/m.exec(message.join('\n'))?.[1] ?? '';
            const index = messages++;
            if (options.refuse?.(subject, index)) socket.write('451 4.3.0 try again later\r\n');
            else {
              received.push(...message);
              subjects.push(subject);
              if (options.hold) held.push(() => socket.write('250 queued\r\n'));
              else socket.write('250 queued\r\n');
            }
            message = [];
          } else message.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  return {
    received,
    subjects,
    held,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe('mail delivery over SMTP', () => {
  const smtp = fakeSmtpServer({ hold: true });
  let t: TestApp;
  let appClosed = false;

  beforeAll(async () => {
    const port = await smtp.listen();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await smtp.close();
    if (!appClosed) await t?.close();
  });

  it('does not wait for a slow mail server, marks the mail sent once it answers, and finishes sends when closing', async () => {
    const sentAt = async (subject: string) => {
      const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
      return row?.sentAt ?? null;
    };

    // send() returns while the server still holds its answer: the mail is in the outbox, not yet sent.
    await t.app.mailer.send({ to: 'buyer@example.test', subject: 'First', text: 'Hello' });
    await until(() => smtp.held.length === 1);
    expect(smtp.held).toHaveLength(1);
    expect(await sentAt('First')).toBeNull();

    smtp.held.shift()!();
    await until(async () => (await sentAt('First')) !== null);
    expect(await sentAt('First')).toBeInstanceOf(Date);
    expect(smtp.received.join('\n')).toContain('Hello');

    // A send still running when the app closes is finished first.
    await t.app.mailer.send({ to: 'buyer@example.test', subject: 'Second', text: 'Goodbye' });
    await until(() => smtp.held.length === 1);
    let closed = false;
    appClosed = true;
    const closing = t.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    smtp.held.shift()!();
    await closing;
    expect(smtp.received.join('\n')).toContain('Goodbye');
  });
});

describe('mail that the SMTP server refuses', () => {
  // Refuses the first two tries of every mail, and every try of a mail to an address that bounces.
  const tries = new Map<string, number>();
  const smtp = fakeSmtpServer({
    refuse: (subject) => {
      const count = (tries.get(subject) ?? 0) + 1;
      tries.set(subject, count);
      return subject.startsWith('Bounce') || count <= 2;
    },
  });
  let t: TestApp;
  let smtpUrl: string;
  /** Another API process on the same database (the database stays open when it closes). */
  const instance = () =>
    buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'off', WEB_DIST: '/nonexistent', SMTP_URL: smtpUrl }),
      database: { ...t.database, close: async () => {} },
    });
  const row = async (subject: string) => {
    const [found] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
    return found!;
  };
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  beforeAll(async () => {
    smtpUrl = `smtp://127.0.0.1:${await smtp.listen()}`;
    t = await createTestApp();
  });

  afterAll(async () => {
    await smtp.close();
    await t?.close();
  });

  it('is tried again with back-off, across a restart, by one of two API processes, once', async () => {
    const first = await instance();
    await first.mailer.send({ to: 'buyer@example.test', subject: 'Verify your email', text: 'Your link' });
    await until(async () => (await row('Verify your email')).lastError !== null);
    let mail = await row('Verify your email');
    expect(mail).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(mail.lastError).toMatch(/451/);
    // The next try waits a minute.
    expect(mail.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await first.mailer.retryDue()).toEqual({ sent: 0, failed: 0 });
    await first.close();

    // Restarted: the job finds the mail in the outbox when its minute has passed, and is refused again.
    const second = await instance();
    expect(await second.mailer.retryDue(inSeconds(61))).toEqual({ sent: 0, failed: 1 });
    mail = await row('Verify your email');
    expect(mail.attempts).toBe(2);
    expect(mail.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(290_000);

    // Two processes run the job at the same moment, with more mail due: each mail is sent once.
    const third = await instance();
    for (let i = 1; i <= 5; i++) {
      await t.app.db.insert(mailOutbox).values({ to: 'buyer@example.test', subject: `Order ${i}`, text: 'Thanks' });
    }
    const runs = await Promise.all([second.mailer.retryDue(inSeconds(301)), third.mailer.retryDue(inSeconds(301))]);
    expect(runs[0]!.sent + runs[1]!.sent + runs[0]!.failed + runs[1]!.failed).toBe(6);
    expect(smtp.subjects.filter((subject) => subject === 'Verify your email')).toEqual(['Verify your email']);
    expect(await row('Verify your email')).toMatchObject({ attempts: 3, sentAt: expect.any(Date), lastError: null });
    await Promise.all([second.close(), third.close()]);
  });

  it('is flagged on the admin dashboard after the last try, and sent again when an administrator asks', async () => {
    const app = await instance();
    // The previous test's order mails are out of the way.
    await t.app.db.update(mailOutbox).set({ sentAt: new Date() }).where(isNull(mailOutbox.sentAt));
    expect((await dashboard({ db: t.app.db })).mails_undelivered).toBe(0);
    await app.mailer.send({ to: 'nobody@example.test', subject: 'Bounce: reset your password', text: 'Link' });
    await until(async () => (await row('Bounce: reset your password')).lastError !== null);
    let waited = 0;
    for (const delay of mailRetryDelaysSeconds) {
      waited += delay + 1;
      expect(await app.mailer.retryDue(inSeconds(waited))).toEqual({ sent: 0, failed: 1 });
    }
    const mail = await row('Bounce: reset your password');
    expect(mail).toMatchObject({ attempts: mailMaxAttempts, sentAt: null, failedAt: expect.any(Date) });
    // No more tries, however long we wait.
    expect(await app.mailer.retryDue(inSeconds(30 * 86_400))).toEqual({ sent: 0, failed: 0 });
    expect((await dashboard({ db: t.app.db })).mails_undelivered).toBe(1);

    expect(await retryUndelivered(t.app.db, mail.id)).toBe(true);
    expect((await dashboard({ db: t.app.db })).mails_undelivered).toBe(0);
    expect(await app.mailer.retryDue()).toEqual({ sent: 0, failed: 1 });
    expect(await row('Bounce: reset your password')).toMatchObject({ attempts: 1, failedAt: null });
    await app.close();
  });
});
