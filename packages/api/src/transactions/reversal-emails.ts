import { actionEmail, type EmailMessage } from '../mail/templates.ts';

/** A customer on a reversed (or voided) movement hears of it, with the bank's reason. */
export function reversalEmail(opts: {
  to: string;
  firstName: string;
  description: string;
  amount: string;
  /** Whether the money came back to this customer (else it was taken back from them). */
  credited: boolean;
  voided: boolean;
  reason: string;
  url: string;
}): EmailMessage {
  return actionEmail({
    to: opts.to,
    subject: opts.voided ? 'A pending payment was cancelled' : 'A payment was reversed',
    greeting: `Hello ${opts.firstName},`,
    lines: [
      opts.voided
        ? `We cancelled “${opts.description}” (${opts.amount}) before it cleared, and the money is back in your account.`
        : opts.credited
          ? `We reversed ${opts.amount} of “${opts.description}”: the money is back in your account.`
          : `We reversed ${opts.amount} of “${opts.description}”: the money was taken back from your account.`,
      `Reason: ${opts.reason}`,
      'If this is not what you expected, reply or open a support ticket.',
    ],
    action: { label: 'View the transaction', url: opts.url },
  });
}
