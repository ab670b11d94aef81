import type { Executor } from '@bank/db';
import { payees, scheduledTransfers } from '@bank/db/schema';
import { and, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { listAccountDetails } from '../accounts/details.ts';
import type { AppDeps } from '../deps.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { money } from '../rest/schemas.ts';
import { addDays, bankToday } from './dates.ts';
import { upcomingDates } from './service.ts';

/** The dashboard's week ahead: this many days from today. */
export const UPCOMING_DAYS = 7;

export const upcomingSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    payments: z.array(
      z.object({
        scheduledTransferId: z.string(),
        date: z.string(),
        payeeName: z.string(),
        amount: money,
        description: z.string(),
      }),
    ),
    total: money,
    available: money,
    /** What stays available once they are paid (negative: they are not covered). */
    availableAfter: money,
  })
  .meta({ id: 'UpcomingPayments' });

/** The next 7 days' scheduled payments (today included) and the balance left after them. */
export async function upcomingPayments(
  deps: Pick<AppDeps, 'db' | 'settings' | 'now'>,
  userId: string,
): Promise<z.infer<typeof upcomingSchema>> {
  const settings = await deps.settings.get();
  const from = bankToday(deps.now(), settings.timeZone);
  const to = addDays(from, UPCOMING_DAYS - 1);
  const rows = await activeUntil(deps.db, userId, to);
  const payments = rows
    .flatMap(({ schedule, payeeName }) =>
      upcomingDates(schedule, UPCOMING_DAYS + 1)
        .filter((date) => date <= to)
        .map((date) => ({
          scheduledTransferId: schedule.id,
          // A date left behind (maintenance, a retry) is still to pay: shown as today's.
          date: date < from ? from : date,
          payeeName,
          amount: toDollars(schedule.amountCents),
          amountCents: schedule.amountCents,
          description: schedule.description,
        })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const totalCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0n);
  const [account] = (await listAccountDetails(deps.db, settings, userId)).data;
  const availableCents = account ? toCents(account.available) : 0n;
  return {
    from,
    to,
    payments: payments.map(({ amountCents: _, ...payment }) => payment),
    total: toDollars(totalCents),
    available: toDollars(availableCents),
    availableAfter: toDollars(availableCents - totalCents),
  };
}

async function activeUntil(db: Executor, userId: string, to: string) {
  const rows = await db
    .select({ schedule: scheduledTransfers, payeeName: payees.name })
    .from(scheduledTransfers)
    .innerJoin(payees, eq(payees.id, scheduledTransfers.payeeId))
    .where(
      and(
        eq(scheduledTransfers.userId, userId),
        eq(scheduledTransfers.status, 'active'),
        lte(scheduledTransfers.nextRunDate, to),
      ),
    );
  return rows;
}
