import { messages } from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, creditApplications, users } from '../../db/schema/index.ts';
import { APP_START_TIMEOUT, bearer, createUser, signedIn, tokenFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

const impersonate = (token: string, customerId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/agent/impersonate',
    headers: bearer(token),
    payload: { impersonate_customer_id: customerId },
  });

async function agentWithCustomers() {
  const agent = await signedIn(t.app, { role: 'agent', firstName: 'Agnes', lastName: 'Agent' });
  const maria = await createUser(t.app, { agentId: agent.user.id, firstName: 'Maria', lastName: 'Santos' });
  const jose = await createUser(t.app, {
    agentId: agent.user.id,
    firstName: 'Jose',
    lastName: 'Rizal',
    email: `jose.rizal.${agent.user.id}@example.test`,
  });
  const stranger = await createUser(t.app, { firstName: 'Maria', lastName: 'Stranger' });
  return { agent, maria, jose, stranger };
}

describe('GET /agent/customers', () => {
  it("lists only the agent's linked buyers, filtered by name or email", async () => {
    const { agent, maria, jose } = await agentWithCustomers();
    const list = (q?: string) =>
      t.app.inject({ url: `/api/v1/agent/customers${q ? `?q=${encodeURIComponent(q)}` : ''}`, headers: agent.headers });

    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json().items).toEqual([
      { id: jose.id, name: 'Jose Rizal', email: jose.email, phone: '09171234567', address: null },
      { id: maria.id, name: 'Maria Santos', email: maria.email, phone: '09171234567', address: null },
    ]);
    expect((await list('maria')).json().items.map((c: { id: number }) => c.id)).toEqual([maria.id]);
    expect((await list('a santos')).json().items.map((c: { id: number }) => c.id)).toEqual([maria.id]);
    expect((await list('JOSE.RIZAL')).json().items.map((c: { id: number }) => c.id)).toEqual([jose.id]);
    expect((await list('%')).json().items).toEqual([]);
  });

  it('finds a customer by phone number, however it is written', async () => {
    const { agent, maria, jose, stranger } = await agentWithCustomers();
    await t.app.db.update(users).set({ phone: '+639181112222' }).where(eq(users.id, jose.id));
    await t.app.db.update(users).set({ phone: '09990000000' }).where(eq(users.id, stranger.id));
    const ids = async (q: string) => {
      const res = await t.app.inject({
        url: `/api/v1/agent/customers?q=${encodeURIComponent(q)}`,
        headers: agent.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().items.map((c: { id: number }) => c.id);
    };
    // Maria's number is stored as 09171234567, Jose's as +639181112222.
    expect(await ids('09171234567')).toEqual([maria.id]);
    expect(await ids('+63 917 123 4567')).toEqual([maria.id]);
    expect(await ids('0917-123')).toEqual([maria.id]);
    expect(await ids('09181112222')).toEqual([jose.id]);
    expect(await ids('918 111')).toEqual([jose.id]);
    expect(await ids('639181112222')).toEqual([jose.id]);
    // Another agent's customer is never a match, by number either.
    expect(await ids('09990000000')).toEqual([]);
  });

  it('is for agents only', async () => {
    const buyer = await signedIn(t.app);
    const res = await t.app.inject({ url: '/api/v1/agent/customers', headers: buyer.headers });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/agent/customers' })).statusCode).toBe(401);
  });
});

describe('impersonation', () => {
  it("answers the customer's BuildCredit application with the customer's data, the agent's own without", async () => {
    const { agent, maria } = await agentWithCustomers();
    await t.app.db.insert(creditApplications).values({ customerId: maria.id, status: 'Pending' });
    const { token } = (await impersonate(agent.token, maria.id)).json();
    const asMaria = await t.app.inject({ url: '/api/v1/me', headers: bearer(token) });
    expect(asMaria.json()).toMatchObject({ user: { id: maria.id }, rpafDetail: { status: 'Pending' } });
    const asAgent = await t.app.inject({ url: '/api/v1/me', headers: agent.headers });
    expect(asAgent.json()).toMatchObject({ user: { id: agent.user.id }, rpafDetail: null });
  });

  it("issues a token for the agent's own customer naming both, and audits the start", async () => {
    const { agent, maria } = await agentWithCustomers();
    const res = await impersonate(agent.token, maria.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const claims = decodeJwt(body.token);
    expect(claims.sub).toBe(String(maria.id));
    expect(claims.act).toEqual({ sub: String(agent.user.id), sv: 1, sid: decodeJwt(agent.token).sid });
    // Never outlives the agent's own session (the factory's token lasts an hour).
    expect(claims.exp!).toBeLessThanOrEqual(decodeJwt(agent.token).exp!);

    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(body.token) });
    expect(me.json()).toMatchObject({
      user: { id: maria.id, account_type: 'Buyer' },
      actingAgent: { id: agent.user.id, name: 'Agnes Agent' },
    });

    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation_start'), eq(auditLog.actorUserId, agent.user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ onBehalfOfUserId: maria.id, method: 'POST', path: '/api/v1/agent/impersonate' });
  });

  it("ends when the agent's own sessions end or the customer is no longer linked", async () => {
    const { agent, maria, jose } = await agentWithCustomers();
    const asMaria = (await impersonate(agent.token, maria.id)).json().token;
    const asJose = (await impersonate(agent.token, jose.id)).json().token;
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(asMaria) })).statusCode).toBe(200);

    // Jose moves to another agent: the token acting for him stops working.
    const otherAgent = await createUser(t.app, { role: 'agent' });
    await t.app.db.update(users).set({ agentId: otherAgent.id }).where(eq(users.id, jose.id));
    t.app.forgetAccountCheck(jose.id); // as the app does after changing an account's link
    const unlinked = await t.app.inject({ url: '/api/v1/me', headers: bearer(asJose) });
    expect(unlinked.statusCode).toBe(401);
    expect(unlinked.json().error).toEqual({ code: 'SESSION_EXPIRED', message: messages.sessionExpired });

    // The agent changes password (all its sessions end): so does the token acting for Maria.
    await t.app.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, agent.user.id));
    t.app.forgetAccountCheck(agent.user.id);
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(asMaria) })).statusCode).toBe(401);
  });

  it('refuses a customer not linked to the agent and issues nothing', async () => {
    const { agent, stranger } = await agentWithCustomers();
    const otherAgent = await createUser(t.app, { role: 'agent' });
    const theirs = await createUser(t.app, { agentId: otherAgent.id });
    for (const id of [stranger.id, theirs.id, otherAgent.id, 999_999]) {
      const res = await impersonate(agent.token, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.notYourCustomer } });
      expect(res.body).not.toContain('token');
    }
    const started = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation_start'), eq(auditLog.actorUserId, agent.user.id)));
    expect(started).toHaveLength(0);
  });

  it('a buyer cannot impersonate, not even its own agent link', async () => {
    const { agent, maria, jose } = await agentWithCustomers();
    const mariaToken = await tokenFor(t.app, maria);
    expect((await impersonate(mariaToken, jose.id)).statusCode).toBe(403);
    expect((await impersonate(mariaToken, agent.user.id)).statusCode).toBe(403);
  });

  it('an impersonation token cannot impersonate again or list customers', async () => {
    const { agent, maria, jose } = await agentWithCustomers();
    const actingToken = (await impersonate(agent.token, maria.id)).json().token;
    expect((await impersonate(actingToken, jose.id)).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/v1/agent/customers', headers: bearer(actingToken) });
    expect(list.statusCode).toBe(403);
  });

  it('state-changing requests made while impersonating are audited, reads are not', async () => {
    const { agent, maria } = await agentWithCustomers();
    const actingToken = (await impersonate(agent.token, maria.id)).json().token;
    await t.app.inject({ url: '/api/v1/me', headers: bearer(actingToken) });
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(actingToken),
      payload: { oldPassword: 'x', newPassword: 'Fresh#456', confirmPassword: 'Fresh#456' },
    });
    expect(change.statusCode).toBe(403);
    // The auth plugin writes this row in onResponse, i.e. just after the reply: wait for it.
    const rows = await vi.waitFor(
      async () => {
        const found = await t.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'request_as_customer'), eq(auditLog.onBehalfOfUserId, maria.id)));
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(rows[0]).toMatchObject({
      actorUserId: agent.user.id,
      method: 'POST',
      path: '/api/v1/auth/change-password',
      statusCode: 403,
    });
  });

  it('ending impersonation is audited and needs an impersonation token', async () => {
    const { agent, maria } = await agentWithCustomers();
    const actingToken = (await impersonate(agent.token, maria.id)).json().token;
    const end = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agent/impersonation/end',
      headers: bearer(actingToken),
    });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ success: true, message: messages.impersonationEnded });
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation_end'), eq(auditLog.onBehalfOfUserId, maria.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorUserId).toBe(agent.user.id);

    const notActing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agent/impersonation/end',
      headers: agent.headers,
    });
    expect(notActing.statusCode).toBe(422);
    expect(notActing.json().error.message).toBe(messages.notImpersonating);
  });

  it('the impersonation token never outlives a short agent session', async () => {
    const { maria, agent } = await agentWithCustomers();
    const shortAgentToken = await tokenFor(t.app, agent.user, { lifetimeSeconds: 90 });
    const res = await impersonate(shortAgentToken, maria.id);
    expect(decodeJwt(res.json().token).exp!).toBeLessThanOrEqual(decodeJwt(shortAgentToken).exp!);
  });
});
