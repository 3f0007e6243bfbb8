import type { Mail } from '../../plugins/mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mail(to: string, subject: string, lines: string[], link?: { action: string; href: string }): Mail {
  const text = [...lines, ...(link ? ['', link.href] : [])].join('\n');
  const html = [
    ...lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.action)}</a></p>`,
          `<p>Or open this address: ${escapeHtml(link.href)}</p>`,
        ]
      : []),
  ].join('\n');
  return { to, subject, text, html };
}

/** Approval: the one-time link to set the seller account's password, then sign in to the seller center. */
export function approvedMail(to: string, owner: string, company: string, link: string, hours: number): Mail {
  return mail(
    to,
    `${company} is approved to sell on Tibay`,
    [
      `Hi ${owner},`,
      `Good news: ${company} is now a Tibay seller.`,
      `Open the link below to set the password of your seller account (${to}), then sign in to the Seller Center to complete your shop profile and add your first product.`,
      `This link works once, for ${hours} hours.`,
    ],
    { action: 'Set my password', href: link },
  );
}

export function rejectedMail(to: string, owner: string, company: string, reason: string): Mail {
  return mail(to, `Your Tibay seller registration for ${company}`, [
    `Hi ${owner},`,
    `Thank you for registering ${company} as a Tibay seller. We could not approve the registration for this reason:`,
    reason,
    'You are welcome to register again once this is resolved.',
  ]);
}
