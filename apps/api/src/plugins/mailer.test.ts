import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * A minimal SMTP server on loopback that accepts every mail but answers the end of each message only when the test
 * releases it: a slow mail server.
 */
function slowSmtpServer() {
  const received: string[] = [];
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
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
            held.push(() => socket.write('250 queued\r\n'));
          } else received.push(line);
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
  const smtp = slowSmtpServer();
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
