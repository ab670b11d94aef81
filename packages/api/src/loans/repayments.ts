import type { Executor } from '@bank/db';
import { loanPayments, loans } from '@bank/db/schema';
import type { loanRepaymentInput } from '@bank/validators/loans';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { idempotencyClaim } from '../ledger/idempotency.ts';
import { repaymentPosting } from '../ledger/kinds/loan.ts';
import type { Posted } from '../ledger/posting.ts';
import { refuse } from '../ledger/refusals.ts';
import { movementResult, movementResultSchema } from '../ledger/transaction-dto.ts';
import { toDollars } from '../money/cents.ts';
import { publishEvent } from '../realtime/events.ts';
import { isRepayable, loanNotFound, payoffQuote } from './applications.ts';
import { loanProductNames } from './products.ts';

export const repaymentResultSchema = movementResultSchema.extend({
  loanId: z.string(),
  loanStatus: z.string(),
  outstanding: z.number(),
});
export type RepaymentResult = z.infer<typeof repaymentResultSchema>;

const changedMeanwhile = () => refuse('This loan changed meanwhile: please look at it again');

/**
 * The borrower pays the next instalment, or the whole loan off with interest to date, from
 * their balance. The instalments are marked paid and the loan's balance lowered in the same
 * transaction as the money, and only if no other payment got there first.
 */
export async function repayLoan(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.output<typeof loanRepaymentInput>,
): Promise<Posted<RepaymentResult>> {
  const userId = auth.user.id;
  const [found] = await deps.db
    .select()
    .from(loans)
    .where(and(eq(loans.id, input.id), eq(loans.userId, userId)));
  if (!found) throw loanNotFound();
  const loan = found;
  const claim = idempotencyClaim(
    userId,
    input.idempotencyKey,
    'loan_repayment',
    { id: input.id, mode: input.mode },
    repaymentResultSchema,
  );
  const schedule = await deps.db
    .select()
    .from(loanPayments)
    .where(eq(loanPayments.loanId, loan.id))
    .orderBy(asc(loanPayments.paymentNumber));
  const unpaid = schedule.filter((row) => row.paidAt === null);
  const next = unpaid[0];
  // A retry with the key of a payment that went through replays it, even if the loan is paid.
  const payable = isRepayable(loan) && next !== undefined;
  if (!payable && !claim) throw refuse('This loan has nothing left to pay');
  const payoff = input.mode === 'payoff' ? payoffQuote(loan, schedule) : null;
  const paying = input.mode === 'payoff' ? unpaid : next ? [next] : [];
  const principalCents = payoff
    ? payoff.principalCents
    : paying.reduce((sum, row) => sum + row.principalCents, 0n);
  const interestCents = payoff
    ? payoff.interestCents
    : paying.reduce((sum, row) => sum + row.interestCents, 0n);
  const outstandingAfter = loan.outstandingCents - principalCents;
  const numbers = paying.map((row) => row.paymentNumber);
  const productName = loanProductNames[loan.type];
  const description =
    input.mode === 'payoff'
      ? `${productName} paid off`
      : `${productName} instalment ${next?.paymentNumber ?? ''} of ${loan.termMonths}`;

  async function record(tx: Executor, transactionId: string) {
    const now = new Date();
    const paid = await tx
      .update(loanPayments)
      .set({ paidAt: now, transactionId })
      .where(
        and(
          eq(loanPayments.loanId, loan.id),
          inArray(loanPayments.paymentNumber, numbers),
          isNull(loanPayments.paidAt),
        ),
      )
      .returning({ n: loanPayments.paymentNumber });
    if (paid.length !== numbers.length) throw changedMeanwhile();
    const completed = outstandingAfter === 0n;
    const [updated] = await tx
      .update(loans)
      .set({
        outstandingCents: outstandingAfter,
        status: completed ? 'completed' : loan.status,
        completedAt: completed ? now : null,
        // Paid up to date: no longer overdue (the arrears job sets it again if still behind).
        overdueSince: sql`(select min(p.due_date) from loan_payments p
          where p.loan_id = ${loan.id} and p.paid_at is null and p.due_date < ${now.toISOString().slice(0, 10)})`,
        updatedAt: now,
      })
      .where(and(eq(loans.id, loan.id), eq(loans.outstandingCents, loan.outstandingCents)))
      .returning({ id: loans.id });
    if (!updated) throw changedMeanwhile();
    if (completed) {
      await publishEvent(tx, userId, {
        type: 'loan:status',
        data: { loanId: loan.id, status: 'completed' },
      });
    }
  }

  return deps.ledger.submit(
    repaymentPosting(
      {
        borrowerId: userId,
        loanId: loan.id,
        productName,
        nothingOwed: !payable,
        principalCents,
        interestCents,
        description,
        record,
      },
      (applied, balanceCents) => {
        const [row] = applied.rows;
        if (!row) throw new Error('The repayment made no transaction');
        const message =
          input.mode === 'payoff' ? 'Loan paid off successfully' : 'Payment completed successfully';
        const { transaction, newBalance } = movementResult(
          message,
          row,
          row.fromAccountId,
          balanceCents,
          auth.user,
        );
        return {
          message,
          transaction,
          newBalance,
          loanId: loan.id,
          loanStatus: outstandingAfter === 0n ? 'completed' : loan.status,
          outstanding: toDollars(outstandingAfter),
        };
      },
      claim,
    ),
  );
}
