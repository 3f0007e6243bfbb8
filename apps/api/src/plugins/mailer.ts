import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

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
       * the mail. Closing the app waits for the deliveries still running.
       */
      deliver(outboxId: number, mail: Mail): Promise<void>;
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
 * Every mail is written to the outbox table first. With SMTP_URL it is then sent over SMTP;
 * without it, it stays in the outbox (and is logged), where the developer mail page shows it.
 */
export const mailerPlugin = fp(async (app: FastifyInstance) => {
  const transport = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  const sending = new Set<Promise<void>>();

  async function sendOverSmtp(smtp: nodemailer.Transporter, outboxId: number, mail: Mail) {
    try {
      await smtp.sendMail({ from: app.config.MAIL_FROM, ...mail });
      await app.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, outboxId));
    } catch (err) {
      // The mail stays in the outbox unsent; the request that caused it has already succeeded.
      app.log.error({ err, to: mail.to }, 'SMTP send failed');
    }
  }

  async function deliver(outboxId: number, mail: Mail) {
    if (!transport) {
      app.log.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP configured)');
      return;
    }
    const delivery = sendOverSmtp(transport, outboxId, mail).finally(() => sending.delete(delivery));
    sending.add(delivery);
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
  });
});
