import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { actionEmail } from '../mail/templates.ts';
import { formatUsd } from '../money/cents.ts';
import { type AppEvent, publishEvent } from '../realtime/events.ts';

type NoticeData = Extract<AppEvent, { type: 'scheduled:notice' }>['data'];

/** What a notice is about: enough to say which payment, to whom, and when. */
export interface NoticeSubject {
  scheduleId: string;
  userId: string;
  payeeName: string;
  amountCents: bigint;
  date: string;
}

const day = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
/** 'Mar 5, 2026' of a calendar day (docs/architecture.md 7). */
export const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

function wording(kind: NoticeData['kind'], subject: NoticeSubject, reason: string) {
  const payment = () =>
    `${formatUsd(subject.amountCents)} to ${subject.payeeName} on ${formatDay(subject.date)}`;
  switch (kind) {
    case 'low_balance':
      return {
        title: 'Not enough money for a scheduled payment',
        message: `Your scheduled payment of ${payment()} is not covered by your available balance. Add money before then, or it will not be paid.`,
      };
    case 'failed':
      return {
        title: 'A scheduled payment failed',
        message: `Your scheduled payment of ${payment()} was not made: ${reason}`,
      };
    case 'suspended':
      return {
        title: 'A scheduled transfer was suspended',
        message: `Your scheduled transfer of ${formatUsd(subject.amountCents)} to ${subject.payeeName} is suspended: ${reason}`,
      };
    case 'cancelled':
      return {
        title: 'A scheduled transfer was cancelled',
        message: `Your scheduled transfer of ${formatUsd(subject.amountCents)} to ${subject.payeeName} was cancelled by the bank.`,
      };
  }
}

/**
 * Tells the customer, live (which the inbox keeps) and by e-mail, inside the caller's
 * transaction: the notice exists exactly when the change it reports was committed.
 */
export async function tellCustomer(
  deps: Pick<AppDeps, 'mailer' | 'publicUrl'>,
  tx: Executor,
  kind: NoticeData['kind'],
  subject: NoticeSubject,
  reason = '',
): Promise<void> {
  const { title, message } = wording(kind, subject, reason);
  await publishEvent(tx, subject.userId, {
    type: 'scheduled:notice',
    data: { scheduleId: subject.scheduleId, kind, title, message },
  });
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, subject.userId));
  // A closed customer's address was anonymised: nobody to write to.
  if (!user || user.closedAt !== null) return;
  await deps.mailer.enqueue(
    tx,
    actionEmail({
      to: user.email,
      subject: title,
      greeting: `Hello ${user.firstName},`,
      lines: [message],
      action: {
        label: 'See your scheduled transfers',
        url: new URL(`/transfers/scheduled/${subject.scheduleId}`, deps.publicUrl).toString(),
      },
    }),
  );
}
