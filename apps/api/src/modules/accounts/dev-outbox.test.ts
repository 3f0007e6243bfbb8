import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_TIMEOUT } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /dev/outbox', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ DEV_OUTBOX: 'on' });
    off = await createTestApp({ DEV_OUTBOX: 'off' });
  }, APP_START_TIMEOUT);
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('lists sent mails newest first when the outbox is on', async () => {
    await on.app.mailer.send({ to: 'first@example.test', subject: 'First', text: 'one' });
    await on.app.mailer.send({ to: 'second@example.test', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const res = await on.app.inject({ url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(items[0]).toMatchObject({ to: 'second@example.test', text: 'two', html: '<p>two</p>' });
    expect(items[1].html).toBeNull();
    expect(Number.isNaN(Date.parse(items[0].createdAt))).toBe(false);
  });

  it('answers only the loopback address, whatever X-Forwarded-For claims', async () => {
    await on.app.mailer.send({ to: 'victim@example.test', subject: 'Reset link', text: 'token' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await on.app.inject({ url: '/api/v1/dev/outbox', remoteAddress })).statusCode).toBe(200);
    }
    for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20']) {
      const res = await on.app.inject({
        url: '/api/v1/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Reset link');
    }
  });

  it('does not exist when the outbox is off', async () => {
    await off.app.mailer.send({ to: 'x@example.test', subject: 'Secret link', text: 'token' });
    const res = await off.app.inject({ url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret link');
  });
});
