import { actionEmail, type EmailMessage } from '../mail/templates.ts';

/** The customer hears of a decision on their loan (if their notification choices allow). */
export function loanDecisionEmail(opts: {
  to: string;
  firstName: string;
  productName: string;
  approved: boolean;
  amount: string;
  reason: string | null;
  url: string;
}): EmailMessage {
  return actionEmail({
    to: opts.to,
    subject: opts.approved
      ? `Your ${opts.productName.toLowerCase()} is approved`
      : `About your ${opts.productName.toLowerCase()} application`,
    greeting: `Hello ${opts.firstName},`,
    lines: opts.approved
      ? [
          `Your application for ${opts.amount} was approved, and the money is in your account.`,
          'Your repayment schedule is on the loan’s page.',
        ]
      : [
          `We are sorry: your application for ${opts.amount} was not approved.`,
          ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
        ],
    action: { label: 'View your loan', url: opts.url },
  });
}
