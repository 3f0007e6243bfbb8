import type { Mail } from '../../plugins/mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): Mail {
  const text = [greeting, '', ...lines, '', link, '', 'If you did not ask for this, you can ignore this email.'].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Or open this address: ${escapeHtml(link)}</p>`,
    '<p>If you did not ask for this, you can ignore this email.</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verifyEmailMail(to: string, firstName: string, link: string): Mail {
  return linkMail(
    to,
    'Verify your Tibay account',
    `Hi ${firstName},`,
    [
      'Thank you for registering on Tibay. Please verify your email address to activate your account.',
      'This link works for 24 hours.',
    ],
    'Verify my email',
    link,
  );
}

export function resetPasswordMail(to: string, firstName: string, link: string): Mail {
  return linkMail(
    to,
    'Reset your Tibay password',
    `Hi ${firstName},`,
    [
      'We received a request to reset your password. Open the link below to choose a new one.',
      'This link works for 1 hour.',
    ],
    'Reset my password',
    link,
  );
}
