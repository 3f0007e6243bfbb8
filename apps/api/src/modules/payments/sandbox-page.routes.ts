import { formatPeso, onlineChannels } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, type SandboxLook, sandboxPage, sendSandboxPage } from '../../lib/sandbox-page.ts';
import { repaymentSessionStatus } from '../credit-repayments/index.ts';
import { sandboxPaymentStatus } from './payments.repository.ts';
import {
  findSandboxSession,
  type SandboxEventType,
  type SandboxSession,
  signedSandboxWebhook,
} from './sandbox-gateway.ts';

/**
 * The sandbox gateway's hosted page. It plays the part of an outside gateway: it reads its own session, and a
 * button press makes it deliver a signed webhook to the API's public webhook route — through the same route,
 * parser and signature check an outside call goes through (delivered in-process with app.inject, so it works
 * whatever PUBLIC_URL points at). Plain HTML forms, no scripts (the app's CSP allows none inline).
 */

const actions = {
  pay: 'payment.paid',
  fail: 'payment.failed',
  cancel: 'payment.cancelled',
  expire: 'payment.expired',
} as const satisfies Record<string, SandboxEventType>;
type Action = keyof typeof actions;

const sessionParams = z.object({ sessionId: z.string().max(100) });
const actionParams = sessionParams.extend({ action: z.enum(['pay', 'fail', 'cancel', 'expire']) });

export async function sandboxPageRoutes(app: FastifyInstance) {
  // Forms post application/x-www-form-urlencoded; the action is in the path, so the body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.get('/sandbox-gateway/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    const session = params.success ? await findSandboxSession(app.db, params.data.sessionId) : null;
    if (!session) return sendSandboxPage(reply, 404, notFoundPage());
    const status = await sessionStatus(app, session.session_id);
    const undelivered = (request.query as Record<string, unknown>).notice === 'undelivered';
    return sendSandboxPage(reply, 200, sessionPage(session, status, undelivered));
  });

  app.post(
    '/sandbox-gateway/:sessionId/:action',
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = actionParams.safeParse(request.params);
      const session = parsed.success ? await findSandboxSession(app.db, parsed.data.sessionId) : null;
      if (!parsed.success || !session) return sendSandboxPage(reply, 404, notFoundPage());
      const status = await sessionStatus(app, session.session_id);
      if (status !== 'pending') return reply.redirect(pagePath(session), 303);
      // A session past its expiry can only expire, whatever is pressed (as a real gateway would refuse it).
      const action: Action = new Date(session.expires_at) <= new Date() ? 'expire' : parsed.data.action;
      const webhook = signedSandboxWebhook(app.config.sandboxGatewaySecret, session, actions[action]);
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: webhook.headers,
        payload: webhook.body,
      });
      if (delivered.statusCode < 200 || delivered.statusCode >= 300) {
        request.log.error({ status: delivered.statusCode, body: delivered.body }, 'sandbox webhook refused');
        return reply.redirect(`${pagePath(session)}?notice=undelivered`, 303);
      }
      return reply.redirect(pagePath(session), 303);
    },
  );
}

/** The status of the payment behind a session: a checkout's payment, else a BuildCredit repayment's. */
async function sessionStatus(app: FastifyInstance, sessionId: string) {
  return (
    (await sandboxPaymentStatus(app.db, sessionId)) ??
    (await repaymentSessionStatus({ db: app.db }, 'sandbox', sessionId))
  );
}

function pagePath(session: SandboxSession) {
  return `/sandbox-gateway/${session.session_id}`;
}

/** Only http(s) return links are shown as links. */
function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const results: Record<string, { title: string; text: string; tone: 'ok' | 'bad'; back: 'success' | 'cancel' }> = {
  paid: { title: 'Payment received', text: 'Your payment was successful.', tone: 'ok', back: 'success' },
  failed: { title: 'Payment failed', text: 'Your payment could not be completed.', tone: 'bad', back: 'cancel' },
  cancelled: { title: 'Payment cancelled', text: 'You cancelled this payment.', tone: 'bad', back: 'cancel' },
  expired: { title: 'Payment expired', text: 'This payment session has expired.', tone: 'bad', back: 'cancel' },
};

function sessionPage(session: SandboxSession, status: string | null, undelivered: boolean): string {
  const expires = new Date(session.expires_at);
  const summary = `
    <dl class="summary">
      <div><dt>Merchant</dt><dd>Tibay Marketplace</dd></div>
      <div><dt>Reference</dt><dd>${escapeHtml(session.reference)}</dd></div>
      <div><dt>Description</dt><dd>${escapeHtml(session.description)}</dd></div>
      <div><dt>Payment method</dt><dd>${escapeHtml(methodLabel(session))}</dd></div>
      <div><dt>Pay before</dt><dd><time datetime="${expires.toISOString()}">${escapeHtml(manila(expires))}</time></dd></div>
    </dl>
    <p class="amount"><span>Amount due</span><strong>${escapeHtml(formatPeso(session.amount))}</strong></p>`;
  let body: string;
  const result = status ? results[status] : undefined;
  if (status === 'pending') {
    body = `${summary}
    ${undelivered ? '<p class="notice" role="alert">The merchant did not accept the notification. Please try again.</p>' : ''}
    <p class="hint">This is a test gateway: no money moves. Choose what the gateway reports to the merchant.</p>
    <div class="actions">
      ${button(session, 'pay', 'Pay', 'primary')}
      ${button(session, 'fail', 'Fail', 'danger')}
      ${button(session, 'cancel', 'Cancel', 'plain')}
      ${button(session, 'expire', 'Let it expire', 'plain')}
    </div>`;
  } else if (result) {
    const back = safeUrl(result.back === 'success' ? session.success_url : session.cancel_url);
    body = `${summary}
    <section class="result ${result.tone}" role="status">
      <h2>${result.title}</h2>
      <p>${result.text}</p>
    </section>
    ${back ? `<a class="button primary" href="${escapeHtml(back)}">Return to Tibay</a>` : ''}`;
  } else {
    body = `${summary}<p class="notice" role="alert">This payment is no longer available.</p>`;
  }
  return layout('Tibay Marketplace · Sandbox payment', body);
}

function button(session: SandboxSession, action: Action, label: string, tone: string) {
  return `<form method="post" action="${pagePath(session)}/${action}"><button type="submit" class="button ${tone}">${label}</button></form>`;
}

function methodLabel(session: SandboxSession) {
  if (session.method === 'card') return 'Credit / Debit Card';
  const channel = onlineChannels.find((c) => c.code === session.channel)?.label ?? session.channel;
  return channel ? `Online Payment (${channel})` : 'Online Payment';
}

function manila(date: Date) {
  return `${new Intl.DateTimeFormat('en-PH', {
    timeZone: 'Asia/Manila',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)} (PH time)`;
}

function notFoundPage() {
  return layout(
    'Payment not found · Sandbox gateway',
    '<section class="result bad" role="status"><h2>Payment not found</h2><p>This payment link is not valid.</p></section>',
  );
}

const gatewayLook: SandboxLook = {
  brand: 'Sandbox Pay',
  heading: 'Pay Tibay Marketplace',
  footer: 'Sandbox payment gateway for testing. Signed webhooks are sent to the merchant.',
  colours: {
    background: '#eef1f5',
    header: '#12355b',
    badgeBackground: '#f2b705',
    badgeText: '#12355b',
    shadow: 'rgba(18,53,91,.12)',
  },
  css: `  .amount{display:flex;justify-content:space-between;align-items:baseline;margin:0 0 16px;font-size:18px}
  .amount strong{font-size:26px;color:#12355b}
  .hint{color:#616e7c;font-size:14px}
  .actions{display:grid;grid-template-columns:1fr 1fr;gap:10px}
  .actions form{margin:0}
  .button{display:block;width:100%;text-align:center;text-decoration:none;border:1px solid #12355b;border-radius:8px;padding:12px;font:inherit;font-size:16px;font-weight:600;cursor:pointer;background:#fff;color:#12355b}
  .button.primary{background:#12355b;color:#fff}
  .button.danger{border-color:#b42318;color:#b42318}
  .button:focus-visible{outline:3px solid #f2b705;outline-offset:2px}
  .notice{background:#fff4d6;border-radius:8px;padding:10px 12px}
  @media (max-width:420px){.actions{grid-template-columns:1fr}}`,
};

function layout(title: string, body: string) {
  return sandboxPage(gatewayLook, title, body);
}
