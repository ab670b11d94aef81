import { actionEmail, type EmailMessage } from '../mail/templates.ts';

/** The customer hears of every freeze, lift, hold and release on their account. */
export function restrictionEmail(opts: {
  to: string;
  firstName: string;
  subject: string;
  lines: string[];
  url: string;
}): EmailMessage {
  return actionEmail({
    to: opts.to,
    subject: opts.subject,
    greeting: `Hello ${opts.firstName},`,
    lines: opts.lines,
    action: { label: 'Open your dashboard', url: opts.url },
  });
}
