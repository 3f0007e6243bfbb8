import { type APIRequestContext, expect } from '@playwright/test';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** The developer outbox (GET /api/v1/dev/outbox), newest first. */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const response = await request.get('/api/v1/dev/outbox');
  expect(response.ok(), 'the dev outbox must be on for the browser tests').toBe(true);
  const { items } = (await response.json()) as { items: OutboxMail[] };
  return items.sort((a, b) => b.id - a.id);
}

/** Waits for the newest mail to an address (optionally with a matching subject) sent after `afterId`. */
export async function waitForMail(
  request: APIRequestContext,
  { to, subject, afterId = 0 }: { to: string; subject?: RegExp; afterId?: number },
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(request);
        found = mails.find(
          (mail) =>
            mail.id > afterId && mail.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(mail.subject)),
        );
        return Boolean(found);
      },
      { message: `a mail to ${to}${subject ? ` matching ${subject}` : ''}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail whose path starts with `path` (e.g. '/verify-email'). */
export function linkFromMail(mail: OutboxMail, path: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith(path));
  if (!link) throw new Error(`No ${path} link in mail "${mail.subject}" to ${mail.to}:\n${mail.text}`);
  return link;
}

/** The link as a path on the site under test (the mail may name another host for the same server). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
