import type { Executor } from '@bank/db';
import type { LoanType } from '@bank/db/enums';
import { loanPayments, loans, users } from '@bank/db/schema';
import type {
  loanApplicationInput,
  loanCalculateInput,
  loanListQuery,
  loanUpdateInput,
} from '@bank/validators/loans';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ZodRealError, type z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { refuse } from '../ledger/refusals.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { ownerColumns, pageFields, selectPage } from '../paging.ts';
import { permissions } from '../permissions.ts';
import { publishEvents } from '../realtime/events.ts';
import {
  type Borrower,
  type LoanDetail,
  type LoanRow,
  toInstalmentDto,
  toLoanDto,
  toScheduleLine,
} from './dto.ts';
import { type LoanProduct, loanProducts, outOfRange, productFor } from './products.ts';
import { interestBetween, offerFor } from './schedule.ts';

export const loanNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Loan not found' });

/** Amount or term outside the product: 400 'Validation error' naming the field and the range. */
function checkRange(product: LoanProduct, amountCents: bigint, termMonths: number) {
  const problems = outOfRange(product, amountCents, termMonths);
  if (problems.length === 0) return;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message: problems.map((problem) => problem.message).join('. '),
    // ZodRealError, as parse() throws: an Error, so tRPC keeps it as the cause (400 with details).
    cause: new ZodRealError(
      problems.map((problem) => ({
        code: 'custom' as const,
        path: [problem.field],
        message: problem.message,
        input: undefined,
      })),
    ),
  });
}

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** GET /loans/types: the products on offer and the rates of docs/product.md 3's `interestRates` map. */
export async function loanTypes(deps: Pick<AppDeps, 'settings'>) {
  const products = loanProducts(await deps.settings.get());
  return {
    loanTypes: products.map((product) => ({
      type: product.type,
      name: product.name,
      minAmount: toDollars(product.minAmountCents),
      maxAmount: toDollars(product.maxAmountCents),
      minTerm: product.minTermMonths,
      maxTerm: product.maxTermMonths,
      interestRate: product.rateBps / 100,
    })),
    interestRates: Object.fromEntries(
      products.map((product) => [product.type, product.rateBps / 100]),
    ),
  };
}

/** Today's offer for an amount and term of a type, refused outside the product's ranges. */
async function quote(
  deps: Pick<AppDeps, 'settings'>,
  input: { type: LoanType; amount: number; term: number },
) {
  const product = productFor(await deps.settings.get(), input.type);
  const amountCents = toCents(input.amount);
  checkRange(product, amountCents, input.term);
  const offer = offerFor(
    { amountCents, rateBps: product.rateBps, termMonths: input.term },
    today(),
  );
  return { product, amountCents, offer };
}

/** POST /loans/calculate: the offer and the whole schedule, as if disbursed today. */
export async function calculate(
  deps: Pick<AppDeps, 'settings'>,
  input: z.output<typeof loanCalculateInput>,
) {
  const { product, offer } = await quote(deps, input);
  return {
    type: input.type,
    amount: input.amount,
    term: input.term,
    interestRate: product.rateBps / 100,
    monthlyPayment: toDollars(offer.monthlyPaymentCents),
    totalInterest: toDollars(offer.totalInterestCents),
    totalPayable: toDollars(offer.totalPayableCents),
    schedule: offer.schedule.map(toScheduleLine),
  };
}

/** The columns an application sets, with the offer quoted at today's rate for its product. */
async function applicationValues(
  deps: Pick<AppDeps, 'settings'>,
  input: z.output<typeof loanApplicationInput>,
) {
  const { product, amountCents, offer } = await quote(deps, input);
  return {
    type: input.type,
    amountCents,
    termMonths: input.term,
    rateBps: product.rateBps,
    monthlyPaymentCents: offer.monthlyPaymentCents,
    totalInterestCents: offer.totalInterestCents,
    purpose: input.purpose,
    employmentStatus: input.employmentStatus,
    monthlyIncomeCents: toCents(input.monthlyIncome),
    existingLoans: input.existingLoans,
    collateralType: input.collateral.type,
    collateralValueCents: toCents(input.collateral.value),
    collateralDescription: input.collateral.description,
  };
}

async function borrowerOf(db: Executor, userId: string): Promise<Borrower> {
  const [borrower] = await db.select(ownerColumns).from(users).where(eq(users.id, userId));
  if (!borrower) throw loanNotFound();
  return borrower;
}

export async function applyForLoan(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  userId: string,
  input: z.output<typeof loanApplicationInput>,
) {
  const values = await applicationValues(deps, input);
  const [row] = await deps.db
    .insert(loans)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('The application was not stored');
  return {
    message: 'Loan application submitted successfully',
    loan: toLoanDto(row, await borrowerOf(deps.db, userId)),
  };
}

/** The owner's pending application, locked for a change; another customer's is not found. */
async function ownPendingLoan(db: Executor, userId: string, loanId: string): Promise<LoanRow> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .for('update');
  if (!row) throw loanNotFound();
  if (row.status !== 'pending') throw refuse('Only a pending application can be changed');
  return row;
}

/** Loan management screens refresh an application live when its customer edits it. */
async function tellLoanOfficers(tx: Executor, data: { loanId: string; version: number }) {
  const officers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...permissions['update:loan:any']]), isNull(users.closedAt)));
  await publishEvents(
    tx,
    officers.map((officer) => ({ userId: officer.id, event: { type: 'loan:updated', data } })),
  );
}

export async function updateApplication(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  userId: string,
  input: z.output<typeof loanUpdateInput>,
) {
  const values = await applicationValues(deps, input);
  const row = await deps.db.transaction(async (tx) => {
    await ownPendingLoan(tx, userId, input.id);
    const [updated] = await tx
      .update(loans)
      // A new version: a decision on the one before is refused (docs/decisions/028).
      .set({ ...values, version: sql`${loans.version} + 1`, updatedAt: new Date() })
      .where(eq(loans.id, input.id))
      .returning();
    if (updated) await tellLoanOfficers(tx, { loanId: updated.id, version: updated.version });
    return updated;
  });
  if (!row) throw loanNotFound();
  return {
    message: 'Loan application updated successfully',
    loan: toLoanDto(row, await borrowerOf(deps.db, userId)),
  };
}

export async function cancelApplication(deps: Pick<AppDeps, 'db'>, userId: string, loanId: string) {
  const row = await deps.db.transaction(async (tx) => {
    await ownPendingLoan(tx, userId, loanId);
    const [updated] = await tx
      .update(loans)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(loans.id, loanId))
      .returning();
    return updated;
  });
  if (!row) throw loanNotFound();
  return {
    message: 'Loan application cancelled successfully',
    loan: toLoanDto(row, await borrowerOf(deps.db, userId)),
  };
}

/** GET /loans: the customer's loans, newest first. */
export async function listLoans(
  db: Executor,
  userId: string,
  query: z.output<typeof loanListQuery>,
) {
  const { rows, total } = await selectPage(
    db,
    db
      .select({ loan: loans, borrower: ownerColumns })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .where(eq(loans.userId, userId))
      .$dynamic(),
    [desc(loans.createdAt), desc(loans.id)],
    query,
  );
  return {
    data: rows.map((row) => toLoanDto(row.loan, row.borrower)),
    ...pageFields(query, total),
  };
}

/**
 * One loan with its schedule and what paying it off today would cost. Customers see their
 * own (another's answers not found); staff see any.
 */
export async function loanById(
  db: Executor,
  viewer: { id: string; staff: boolean },
  loanId: string,
): Promise<LoanDetail> {
  const [row] = await db
    .select({ loan: loans, borrower: ownerColumns })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(
      viewer.staff ? eq(loans.id, loanId) : and(eq(loans.id, loanId), eq(loans.userId, viewer.id)),
    );
  if (!row) throw loanNotFound();
  const schedule = await db
    .select()
    .from(loanPayments)
    .where(eq(loanPayments.loanId, loanId))
    .orderBy(asc(loanPayments.paymentNumber));
  const next = schedule.find((instalment) => instalment.paidAt === null);
  const payoff = payoffQuote(row.loan, schedule);
  return {
    ...toLoanDto(row.loan, row.borrower),
    paymentSchedule: schedule.map(toInstalmentDto),
    nextPayment: next ? toInstalmentDto(next) : null,
    payoffAmount: payoff === null ? null : toDollars(payoff.principalCents + payoff.interestCents),
  };
}

/** Repayable loans: approved and being repaid, or in default (the debt is still owed). */
export function isRepayable(loan: LoanRow): boolean {
  return (loan.status === 'approved' || loan.status === 'defaulted') && loan.outstandingCents > 0n;
}

/**
 * Paying off early: the principal owed and interest only from the last due date reached (or
 * the disbursement) to today; an instalment already overdue keeps its full interest.
 */
export function payoffQuote(
  loan: LoanRow,
  schedule: Array<{ dueDate: string; paidAt: Date | null; interestCents: bigint }>,
  now = new Date(),
): { principalCents: bigint; interestCents: bigint } | null {
  if (!isRepayable(loan) || !loan.startDate) return null;
  const day = today(now);
  const unpaid = schedule.filter((row) => row.paidAt === null);
  const overdue = unpaid.filter((row) => row.dueDate < day);
  const lastDue = [loan.startDate, ...schedule.map((row) => row.dueDate)]
    .filter((date) => date <= day)
    .sort()
    .at(-1);
  const accrued = interestBetween(loan.outstandingCents, loan.rateBps, lastDue ?? day, day);
  const overdueInterest = overdue.reduce((sum, row) => sum + row.interestCents, 0n);
  return { principalCents: loan.outstandingCents, interestCents: overdueInterest + accrued };
}

/** GET /loans/stats: the customer's figures, and applications by month for the last year. */
export async function loanStats(db: Executor, userId: string) {
  const [totals] = await db
    .select({
      totalLoans: count(),
      activeLoans: sql<number>`count(*) filter (where ${loans.status} in ('approved', 'defaulted'))::int`,
      totalAmount: sql<string>`coalesce(sum(${loans.amountCents}) filter (where ${loans.status} in ('approved', 'completed', 'defaulted')), 0)::text`,
      averageRate: sql<string | null>`avg(${loans.rateBps})::text`,
    })
    .from(loans)
    .where(eq(loans.userId, userId));
  const months = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${loans.createdAt} at time zone 'utc'), 'YYYY-MM')`,
      count: count(),
      amount: sql<string>`sum(${loans.amountCents})::text`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), sql`${loans.createdAt} > now() - interval '12 months'`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const average = totals?.averageRate ? Number(totals.averageRate) / 100 : 0;
  return {
    totalLoans: totals?.totalLoans ?? 0,
    activeLoans: totals?.activeLoans ?? 0,
    totalAmount: toDollars(BigInt(totals?.totalAmount ?? '0')),
    averageInterestRate: Math.round(average * 100) / 100,
    monthlyStats: months.map((month) => ({
      month: month.month,
      count: month.count,
      amount: toDollars(BigInt(month.amount)),
    })),
  };
}
