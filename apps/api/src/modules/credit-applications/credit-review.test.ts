import { creditApplicationMessages as words } from '@tibay/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLines, creditTransactions } from '../../db/schema/index.ts';
import { mailsTo, signedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders, csrf, pendingApplication, validForm1 } from './test-support.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t.app);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

const decide = (id: number, action: string, payload: object, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/credit-applications/${id}/${action}`, headers, payload });
const approve = { approved_limit: 15_000_000, terms_days: 30, pdc_note: 'PDC for 3 months received' };
const summary = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/credit/buildcredit', headers })).json();
const lineOf = async (customerId: number) =>
  (
    await t.app.db
      .select()
      .from(creditLines)
      .where(and(eq(creditLines.customerId, customerId), eq(creditLines.kind, 'buildcredit')))
  )[0];

describe('the review routes are for administrators only', () => {
  it('refuses a guest (401) and a buyer (401/403) on the queue, an application, its files and the decisions', async () => {
    const { applicationId } = await pendingApplication(t.app);
    const buyer = await signedIn(t.app);
    const asBuyer = { ...csrf, ...buyer.headers };
    for (const url of [
      '/api/v1/admin/credit-applications',
      `/api/v1/admin/credit-applications/${applicationId}`,
      `/api/v1/admin/credit-applications/${applicationId}/files/applicantSignature`,
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect([401, 403]).toContain((await t.app.inject({ url, headers: asBuyer })).statusCode);
    }
    expect([401, 403]).toContain((await decide(applicationId, 'approve', approve, asBuyer)).statusCode);
    const detail = await t.app.inject({ url: `/api/v1/admin/credit-applications/${applicationId}`, ...admin });
    expect(detail.json().application.status).toBe('Pending');
  });
});

describe('the queue', () => {
  it('lists submitted applications, filtered by status and searched by company', async () => {
    const { applicationId } = await pendingApplication(t.app);
    const res = await t.app.inject({
      url: `/api/v1/admin/credit-applications?status=pending&q=${encodeURIComponent(validForm1.companyName)}`,
      ...admin,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().items.find((item: { id: number }) => item.id === applicationId);
    expect(row).toMatchObject({ status: 'Pending', company_name: validForm1.companyName, credit_limit: 150_000 });
    const approved = await t.app.inject({ url: '/api/v1/admin/credit-applications?status=approved', ...admin });
    expect(approved.json().items.some((item: { id: number }) => item.id === applicationId)).toBe(false);
  });
});

describe('approve', () => {
  it('creates the buyer a BuildCredit line in the same step, mails and audits; a second decision is 409', async () => {
    const { applicationId, user, headers } = await pendingApplication(t.app);
    expect((await summary(headers)).buildcredit_status).toBe('N/A');
    const res = await decide(applicationId, 'approve', approve);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'Approved', decision_note: approve.pdc_note });
    expect(res.json().line).toMatchObject({ approved_limit: 15_000_000, balance: 15_000_000, used: 0, terms_days: 30 });

    expect(await summary(headers)).toMatchObject({
      buildcredit_status: 'active',
      status: 'Approved',
      approved_credit_limit: 15_000_000,
      current_bal: 15_000_000,
      credit_terms: 30,
    });
    const line = await lineOf(user.id);
    const [credit] = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.creditLineId, line!.id));
    expect(credit).toMatchObject({ amount: 15_000_000, reference: `RPAF-${applicationId}` });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'credit_application_approved'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: admin.admin.id });
    expect(audit!.detail).toMatchObject({ applicationId, approvedLimit: 15_000_000 });
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail!.subject).toBe('Your BuildCredit application is approved');
    expect(mail!.text).toContain('₱150,000.00');

    const again = await decide(applicationId, 'reject', { reason: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(words.notPending.replace('{status}', 'Approved'));
    expect((await lineOf(user.id))!.approvedLimit).toBe(15_000_000);
  });

  it('of two administrators approving at once, one wins and the line is raised once', async () => {
    const { applicationId, user } = await pendingApplication(t.app);
    const other = await adminHeaders(t.app);
    const answers = await Promise.all([
      decide(applicationId, 'approve', approve),
      decide(applicationId, 'approve', approve, other.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await lineOf(user.id))!.balance).toBe(15_000_000);
  });

  it('raises an existing line by the difference (what is used stays used)', async () => {
    const { applicationId, user } = await pendingApplication(t.app);
    await t.app.db.insert(creditLines).values({
      customerId: user.id,
      kind: 'buildcredit',
      approvedLimit: 5_000_000,
      balance: 3_000_000,
      termsDays: 15,
      status: 'inactive',
    });
    const res = await decide(applicationId, 'approve', approve);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lineOf(user.id)).toMatchObject({
      approvedLimit: 15_000_000,
      balance: 13_000_000,
      termsDays: 30,
      status: 'active',
    });
  });

  it('refuses a limit below what the buyer already used, changing nothing', async () => {
    const { applicationId, user } = await pendingApplication(t.app);
    await t.app.db
      .insert(creditLines)
      .values({ customerId: user.id, kind: 'buildcredit', approvedLimit: 5_000_000, balance: 1_000_000 });
    const res = await decide(applicationId, 'approve', { ...approve, approved_limit: 2_000_000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.approved_limit).toContain('₱40,000.00');
    expect((await lineOf(user.id))!.approvedLimit).toBe(5_000_000);
    const detail = await t.app.inject({ url: `/api/v1/admin/credit-applications/${applicationId}`, ...admin });
    expect(detail.json().application.status).toBe('Pending');
  });

  it.each([
    [{ ...approve, approved_limit: 0 }],
    [{ ...approve, terms_days: 0 }],
    [{ approved_limit: 1.5, terms_days: 30 }],
  ])('refuses a bad approval %j', async (body) => {
    const { applicationId } = await pendingApplication(t.app);
    expect((await decide(applicationId, 'approve', body)).statusCode).toBe(400);
  });
});

describe('reject and ask for more documents', () => {
  it('reject needs a reason; the buyer is mailed it and may apply again', async () => {
    const { applicationId, user, headers } = await pendingApplication(t.app);
    expect((await decide(applicationId, 'reject', { reason: ' ' })).statusCode).toBe(400);
    const res = await decide(applicationId, 'reject', { reason: 'Bank reference could not be reached' });
    expect(res.json().application).toMatchObject({ status: 'Rejected' });
    expect((await mailsTo(t.app, user.email))[0]!.text).toContain('Bank reference could not be reached');
    expect(await lineOf(user.id)).toBeUndefined();
    // Applying again: saving makes it a Draft once more.
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rpaf/submission-1',
      headers,
      payload: { form_1: validForm1 },
    });
    expect(save.json().status).toBe('Draft');
  });

  it('more documents sends it back to Draft with a note the buyer sees, and it can be submitted again', async () => {
    const { applicationId, headers } = await pendingApplication(t.app);
    const res = await decide(applicationId, 'request-documents', { note: 'Please add your latest bank statement.' });
    expect(res.json().application).toMatchObject({ status: 'Draft' });
    const mine = (await t.app.inject({ url: '/api/v1/rpaf', headers })).json().rpafDetail;
    expect(mine).toMatchObject({ status: 'Draft', documents_note: 'Please add your latest bank statement.' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rpaf/submission',
      headers,
      payload: { status: 'Pending', termsAccepted: true },
    });
    expect(again.json().status).toBe('Pending');
  });

  it('answers 404 for an application that does not exist', async () => {
    expect((await decide(2_000_000_000, 'reject', { reason: 'x' })).statusCode).toBe(404);
  });
});
