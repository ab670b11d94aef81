export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function actionEmail(opts: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  footer?: string;
}): EmailMessage {
  const text = [
    opts.greeting,
    '',
    ...opts.lines,
    ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []),
    ...(opts.footer ? ['', opts.footer] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(opts.greeting)}</p>`,
    ...opts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    opts.action
      ? `<p><a href="${escapeHtml(opts.action.url)}">${escapeHtml(opts.action.label)}</a></p>`
      : '',
    opts.footer ? `<p style="color:#666">${escapeHtml(opts.footer)}</p>` : '',
  ].join('\n');
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    links: opts.action ? [opts.action.url] : [],
  };
}

/**
 * Every e-mail ends with who sent it and how to reach them, as the bank's settings say today
 * (an administrator may rename the bank or change its support contacts).
 */
export function withBankSignature(
  message: EmailMessage,
  bank: { bankName: string; supportEmail: string; supportPhone: string },
): EmailMessage {
  const line = `${bank.bankName} · Support: ${bank.supportEmail} · ${bank.supportPhone}`;
  return {
    ...message,
    text: `${message.text}\n\n--\n${line}`,
    html: `${message.html}\n<p style="color:#666;border-top:1px solid #ddd;padding-top:8px">${escapeHtml(line)}</p>`,
  };
}

export function verificationEmail(to: string, firstName: string, url: string): EmailMessage {
  return actionEmail({
    to,
    subject: 'Verify your email address',
    greeting: `Hello ${firstName},`,
    lines: ['Welcome! Please confirm your email address to activate your account.'],
    action: { label: 'Verify email address', url },
    footer: 'This link expires in 24 hours. If you did not create an account, ignore this email.',
  });
}

/** An administrator opened the account: the person chooses their password from the link. */
export function invitationEmail(
  to: string,
  firstName: string,
  bankName: string,
  url: string,
): EmailMessage {
  return actionEmail({
    to,
    subject: `Your ${bankName} account is ready`,
    greeting: `Hello ${firstName},`,
    lines: [
      `${bankName} has opened an online banking account for you.`,
      'Choose your password to sign in for the first time.',
    ],
    action: { label: 'Set your password', url },
    footer: 'This link expires in 72 hours. If you did not expect this email, ignore it.',
  });
}

export function passwordResetEmail(to: string, firstName: string, url: string): EmailMessage {
  return actionEmail({
    to,
    subject: 'Reset your password',
    greeting: `Hello ${firstName},`,
    lines: ['We received a request to reset your password.'],
    action: { label: 'Reset password', url },
    footer: 'This link expires in 1 hour. If you did not ask for it, you can ignore this email.',
  });
}

const emailDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * A moment as people read it in an e-mail: 'Nov 23, 2026, 1:43 PM UTC' (the reader's time zone
 * is unknown to the server, so it is named).
 */
export function formatEmailDate(date: Date): string {
  return `${emailDate.format(date).replace(/\u202f/g, ' ')} UTC`;
}

export function securityAlertEmail(
  to: string,
  firstName: string,
  what: string,
  detail: string,
  action?: { label: string; url: string },
): EmailMessage {
  return actionEmail({
    to,
    subject: `Security alert: ${what}`,
    greeting: `Hello ${firstName},`,
    lines: [`${what}.`, detail, 'If this was not you, reset your password and contact support.'],
    ...(action ? { action } : {}),
  });
}

export function supportReplyEmail(
  to: string,
  firstName: string,
  reply: { ticketLabel: string; agentName: string; message: string; url: string },
): EmailMessage {
  const preview = reply.message.length > 500 ? `${reply.message.slice(0, 500)}…` : reply.message;
  return actionEmail({
    to,
    subject: `New reply on your support ticket ${reply.ticketLabel}`,
    greeting: `Hello ${firstName},`,
    lines: [`${reply.agentName} from our support team answered your ticket:`, preview],
    action: { label: 'Open the ticket', url: reply.url },
    footer: 'You can turn these e-mails off under Profile, Notifications.',
  });
}
