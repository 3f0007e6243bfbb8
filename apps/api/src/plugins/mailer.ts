import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: { send(mail: Mail): Promise<void> };
  }
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then sent over SMTP;
 * without it, it stays in the outbox (and is logged), where the developer mail page shows it.
 */
export const mailerPlugin = fp(async (app: FastifyInstance) => {
  const transport = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  app.decorate('mailer', {
    async send(mail: Mail) {
      const [row] = await app.db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP configured)');
        return;
      }
      try {
        await transport.sendMail({ from: app.config.MAIL_FROM, ...mail });
        if (row) await app.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        // The mail stays in the outbox unsent; the request that caused it still succeeds.
        app.log.error({ err, to: mail.to }, 'SMTP send failed');
      }
    },
  });
});
