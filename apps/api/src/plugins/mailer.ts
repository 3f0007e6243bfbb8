import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import {
  type ClaimedMail,
  claimDueMail,
  claimNewMail,
  mailMaxAttempts,
  recordFailure,
  recordSent,
} from './mail-queue.ts';
import { scheduleJob } from './scheduled-jobs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /** Writes the mail to the outbox, then delivers it (see deliver). */
      send(mail: Mail): Promise<void>;
      /**
       * Delivers a mail already in the outbox (written with queueMail inside the caller's transaction). The SMTP
       * exchange runs in the background: a slow or unreachable mail server never holds up the request that caused
       * the mail. A failed try is retried with back-off by retryDue. Closing the app waits for the sends running.
       */
      deliver(outboxId: number, mail: Mail): Promise<void>;
      /**
       * Tries again every unsent mail whose next try is due (the retry job runs it every MAIL_RETRY_SECONDS) and
       * waits for those sends. Answers how many were sent and how many failed. Does nothing without SMTP.
       */
      retryDue(now?: Date): Promise<{ sent: number; failed: number }>;
    };
  }
}

/**
 * The outbox insert for a mail, to run inside the caller's own transaction (or embed in its statement), so the
 * mail exists exactly when what it announces does. Deliver it with app.mailer.deliver after the commit.
 */
export function queueMail(conn: Db | Tx, mail: Mail) {
  return conn
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: mailOutbox.id });
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then sent over SMTP, and a mail that fails is
 * tried again with back-off by a job that reads the outbox (so it survives restarts, and each mail is claimed by one
 * API process: plugins/mail-queue.ts); after the last try it is flagged for the administrators. Without SMTP_URL it
 * stays in the outbox (and is logged), where the developer mail page shows it.
 */
export const mailerPlugin = fp(async (app: FastifyInstance) => {
  // Timeouts well inside the claim's lease, so a hung server cannot outlast it (nodemailer waits 10 min by default).
  const transport = app.config.SMTP_URL
    ? nodemailer.createTransport({
        url: app.config.SMTP_URL,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null;

  const sending = new Set<Promise<boolean>>();

  /** One try of a claimed mail; true when the server took it. Never throws: the outcome is recorded on the row. */
  async function sendClaimed(smtp: nodemailer.Transporter, mail: ClaimedMail): Promise<boolean> {
    try {
      await smtp.sendMail({
        from: app.config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (err) {
      const last = mail.attempts >= mailMaxAttempts;
      app.log.error({ err, to: mail.to, outboxId: mail.id, attempt: mail.attempts, last }, 'SMTP send failed');
      await recordFailure(app.db, mail, (err as Error).message.slice(0, 500)).catch((error) =>
        app.log.error({ err: error, outboxId: mail.id }, 'could not record a failed mail (its lease will expire)'),
      );
      return false;
    }
    await recordSent(app.db, mail.id).catch((error) =>
      app.log.error({ err: error, outboxId: mail.id }, 'could not record a sent mail'),
    );
    return true;
  }

  function track(smtp: nodemailer.Transporter, mail: ClaimedMail): Promise<boolean> {
    const delivery = sendClaimed(smtp, mail).finally(() => sending.delete(delivery));
    sending.add(delivery);
    return delivery;
  }

  async function deliver(outboxId: number, mail: Mail) {
    if (!transport) {
      app.log.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP configured)');
      return;
    }
    // The caller's work is committed: a failed claim must not fail its request. The retry job sends the mail.
    const claimedMail = await claimNewMail(app.db, outboxId).catch((error) => {
      app.log.error({ err: error, outboxId }, 'could not claim a new mail; the retry job will send it');
      return null;
    });
    if (claimedMail) void track(transport, claimedMail);
  }

  async function retryDue(now = new Date()) {
    const outcome = { sent: 0, failed: 0 };
    if (!transport) return outcome;
    const due = await claimDueMail(app.db, now);
    for (const sent of await Promise.all(due.map((mail) => track(transport, mail)))) {
      if (sent) outcome.sent += 1;
      else outcome.failed += 1;
    }
    return outcome;
  }

  // The retry job: MAIL_RETRY_SECONDS, else every 30 s (off under NODE_ENV=test, where tests call retryDue).
  const configured = app.config.MAIL_RETRY_SECONDS;
  const interval = configured !== undefined ? configured * 1000 : app.config.NODE_ENV === 'test' ? 0 : 30_000;
  if (transport) {
    scheduleJob(app, {
      name: 'mail retry job',
      everyMs: interval,
      run: async () => {
        const outcome = await retryDue();
        if (outcome.sent + outcome.failed > 0) app.log.info(outcome, 'mail retry job');
      },
    });
  }

  // Registered after the database plugin, so this runs before the database closes (onClose hooks run in reverse).
  app.addHook('onClose', async () => {
    await Promise.all(sending);
    transport?.close();
  });

  app.decorate('mailer', {
    async send(mail: Mail) {
      const [row] = await queueMail(app.db, mail);
      await deliver(row!.id, mail);
    },
    deliver,
    retryDue,
  });
});
