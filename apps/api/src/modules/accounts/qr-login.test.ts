import { messages } from '@tibay/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditApplications, loginQrCodes } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, bearer, createUser, signedIn, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sha256 } from './email-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const newCode = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/qr' });
  expect(res.statusCode).toBe(200);
  return res.json() as { qrToken: string; expiresAt: string };
};
const status = (qrToken: string) => t.app.inject({ url: `/api/v1/auth/qr/${qrToken}` });
const approve = (qrToken: string, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/qr/${qrToken}/approve`, headers: token ? bearer(token) : {} });

describe('QR login', () => {
  it('creates a two-minute code that waits for approval', async () => {
    const code = await newCode();
    expect(code.qrToken.length).toBeGreaterThanOrEqual(40);
    const seconds = (Date.parse(code.expiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(110);
    expect(seconds).toBeLessThanOrEqual(120);
    const res = await status(code.qrToken);
    expect(res.json()).toEqual({ success: true, authenticated: false, message: messages.qrWaiting });
    // Only a hash of the code is stored.
    const [row] = await t.app.db
      .select()
      .from(loginQrCodes)
      .where(eq(loginQrCodes.tokenHash, sha256(code.qrToken)));
    expect(row).toBeDefined();
  });

  it('after a signed-in device approves, the next poll gets a session for the approver, exactly once', async () => {
    const { user, token } = await signedIn(t.app, { firstName: 'Lito', lastName: 'Cruz' });
    await t.app.db.insert(creditApplications).values({ customerId: user.id, status: 'Draft' });
    const code = await newCode();

    const approved = await approve(code.qrToken, token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ success: true, message: messages.qrApproved });

    const first = await status(code.qrToken);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      authenticated: true,
      id: user.id,
      name: 'Lito Cruz',
      account_type: 'Buyer',
      buildCredit: { status: 'Draft' },
      message: messages.loginSuccess,
    });
    expect(decodeJwt(body.token).sub).toBe(String(user.id));
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(body.token) });
    expect(me.json().user.id).toBe(user.id);

    const second = await status(code.qrToken);
    expect(second.json()).toEqual({ success: false, authenticated: false, message: messages.qrUsed });
  });

  it('approving needs a session, and a code can be approved only once', async () => {
    const code = await newCode();
    expect((await approve(code.qrToken)).statusCode).toBe(401);
    const a = await signedIn(t.app);
    const b = await signedIn(t.app);
    expect((await approve(code.qrToken, a.token)).statusCode).toBe(200);
    const res = await approve(code.qrToken, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.qrUsed);
    expect(decodeJwt((await status(code.qrToken)).json().token).sub).toBe(String(a.user.id));
  });

  it('an expired code cannot be approved and reports that it expired', async () => {
    const code = await newCode();
    await t.app.db
      .update(loginQrCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginQrCodes.tokenHash, sha256(code.qrToken)));
    const { token } = await signedIn(t.app);
    const res = await approve(code.qrToken, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(messages.qrExpired);
    expect((await status(code.qrToken)).json()).toEqual({
      success: false,
      authenticated: false,
      message: messages.qrExpired,
    });
  });

  it('an unknown code fails with a message', async () => {
    const unknown = 'x'.repeat(43);
    expect((await status(unknown)).json()).toEqual({
      success: false,
      authenticated: false,
      message: messages.qrInvalid,
    });
    const { token } = await signedIn(t.app);
    expect((await approve(unknown, token)).statusCode).toBe(404);
  });

  it('an agent acting for a customer cannot approve a code', async () => {
    const agent = await createUser(t.app, { role: 'agent' });
    const buyer = await createUser(t.app, { agentId: agent.id });
    const token = await tokenFor(t.app, buyer, { actingAgentId: agent.id });
    const code = await newCode();
    expect((await approve(code.qrToken, token)).statusCode).toBe(403);
    expect((await status(code.qrToken)).json().authenticated).toBe(false);
  });
});

describe('QR approval from a signed-in device: what asks, and Deny', () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('shows the approver the browser and time of the device that shows the code, to signed-in users only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/qr', headers: { 'user-agent': chrome } });
    const { qrToken } = res.json() as { qrToken: string };
    const url = `/api/v1/auth/qr/${qrToken}/request`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const { token } = await signedIn(t.app);
    const shown = await t.app.inject({ url, headers: bearer(token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ browser: 'Chrome 131', device: expect.stringContaining('Windows') });
    expect(Math.abs(Date.parse(shown.json().requestedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('a denied code ends: the login screen hears why, and it can no longer be approved', async () => {
    const code = await newCode();
    const { token } = await signedIn(t.app);
    const deny = (qrToken: string, bearerToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/auth/qr/${qrToken}/deny`,
        headers: bearerToken ? bearer(bearerToken) : {},
      });
    expect((await deny(code.qrToken)).statusCode).toBe(401);
    const denied = await deny(code.qrToken, token);
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toEqual({ success: true, message: messages.qrDeniedDone });
    expect((await status(code.qrToken)).json()).toEqual({
      success: false,
      authenticated: false,
      message: messages.qrDenied,
    });
    const late = await approve(code.qrToken, token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(messages.qrDenied);
    expect((await deny(code.qrToken, token)).statusCode).toBe(409);
  });

  it('an approved or expired code cannot be denied or described', async () => {
    const code = await newCode();
    const { token } = await signedIn(t.app);
    await approve(code.qrToken, token);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/qr/${code.qrToken}/deny`,
      headers: bearer(token),
    });
    expect(denied.json().error.message).toBe(messages.qrUsed);
    const old = await newCode();
    await t.app.db
      .update(loginQrCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginQrCodes.tokenHash, sha256(old.qrToken)));
    const described = await t.app.inject({ url: `/api/v1/auth/qr/${old.qrToken}/request`, headers: bearer(token) });
    expect(described.json().error.message).toBe(messages.qrExpired);
  });
});
