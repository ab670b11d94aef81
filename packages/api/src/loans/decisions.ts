import type { Executor } from '@bank/db';
import { loanPayments, loans, users } from '@bank/db/schema';
import type { loanAdminQuery, loanDecisionInput } from '@bank/validators/loans';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { requestApproval, type SecondApprover, toApprovalDto } from '../approvals/requests.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import { disbursementPosting } from '../ledger/kinds/loan.ts';
import { refuse } from '../ledger/refusals.ts';
import { mailAboutMoney } from '../mail/recipients.ts';
import { formatUsd, toCents } from '../money/cents.ts';
import { ownerColumns, selectPage, userMatches } from '../paging.ts';
import { publishEvent } from '../realtime/events.ts';
import { containsPattern, withinDays } from '../sql-filters.ts';
import { loanById, loanNotFound } from './applications.ts';
import { type LoanRow, toLoanDto } from './dto.ts';
import { loanDecisionEmail } from './emails.ts';
import { loanProductNames } from './products.ts';
import { offerFor } from './schedule.ts';

const notPending = () => refuse('Only a pending application can be approved or rejected');

/** The officer reviewed another version than the current one (docs/decisions/028). */
const applicationChanged = (version: number) =>
  appError(
    'CONFLICT',
    'This application changed since you opened it. Review it again.',
    'APPLICATION_CHANGED',
    { version },
  );

const ownApplication = () =>
  appError(
    'FORBIDDEN',
    'You cannot decide on your own loan application. Another administrator must.',
    'OWN_APPLICATION',
  );

/**
 * The row is still what the officer decided on: pending and at the version they reviewed.
 * Checked again inside the write, so an edit that lands after the read refuses it too.
 */
function stillAsReviewed(loanId: string, version: number) {
  return and(eq(loans.id, loanId), eq(loans.status, 'pending'), eq(loans.version, version));
}

/** Why a guarded write found no row: decided meanwhile, or edited meanwhile. */
async function whyNotWritten(tx: Executor, loanId: string) {
  const [now] = await tx
    .select({ status: loans.status, version: loans.version })
    .from(loans)
    .where(eq(loans.id, loanId));
  return now && now.status === 'pending' ? applicationChanged(now.version) : notPending();
}

/** GET /loans/all (staff): every customer's loans with the applicant, filtered, newest first. */
export async function listAllLoans(db: Executor, query: z.output<typeof loanAdminQuery>) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(loans.status, query.status));
  if (query.type) conditions.push(eq(loans.type, query.type));
  conditions.push(...withinDays(loans.createdAt, query));
  if (query.minAmount !== undefined)
    conditions.push(gte(loans.amountCents, toCents(query.minAmount)));
  if (query.maxAmount !== undefined)
    conditions.push(lte(loans.amountCents, toCents(query.maxAmount)));
  if (query.search) {
    const match = userMatches(containsPattern(query.search));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await selectPage(
    db,
    db
      .select({ loan: loans, borrower: ownerColumns })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .where(where)
      .$dynamic(),
    [desc(loans.createdAt), desc(loans.id)],
    query,
  );
  return {
    loans: rows.map((row) => toLoanDto(row.loan, row.borrower)),
    page: query.page,
    count: rows.length,
    total,
    hasMore: query.page * query.limit < total,
  };
}

/** Audit, live event and e-mail of a decision: all inside the transaction that made it. */
async function announceDecision(
  deps: Pick<AppDeps, 'mailer' | 'publicUrl'>,
  tx: Executor,
  loan: LoanRow,
  decision: {
    status: 'approved' | 'rejected';
    reason: string | null;
    actorId: string;
    approved?: SecondApprover | undefined;
  },
  request: RequestInfo | undefined,
) {
  await recordAudit(tx, {
    event: 'loan.status_changed',
    userId: loan.userId,
    actorId: decision.actorId,
    request,
    details: {
      loanId: loan.id,
      from: 'pending',
      to: decision.status,
      reason: decision.reason,
      ...(decision.approved
        ? { approvedBy: decision.approved.checkerId, approvalId: decision.approved.approvalId }
        : {}),
    },
  });
  await publishEvent(tx, loan.userId, {
    type: 'loan:status',
    data: { loanId: loan.id, status: decision.status, reason: decision.reason },
  });
  await mailAboutMoney(deps, tx, loan.userId, (borrower) =>
    loanDecisionEmail({
      ...borrower,
      productName: loanProductNames[loan.type],
      approved: decision.status === 'approved',
      amount: formatUsd(loan.amountCents),
      reason: decision.reason,
      url: `${deps.publicUrl}/loans/${loan.id}`,
    }),
  );
}

/**
 * PUT /loans/{id} with {status} (administrators). A rejection records its reason. An approval
 * disburses through the ledger: the loan row, its schedule, the audit entry and the events are
 * written in the same transaction as the money, and only while the loan is still pending, so
 * two officers approving at once disburse once.
 */
export async function decideLoan(
  deps: AppDeps,
  actorId: string,
  input: z.output<typeof loanDecisionInput>,
  request?: RequestInfo,
  approved?: SecondApprover,
) {
  const [loan] = await deps.db.select().from(loans).where(eq(loans.id, input.id));
  if (!loan) throw loanNotFound();
  if (loan.userId === actorId || loan.userId === approved?.checkerId) throw ownApplication();
  if (loan.status !== 'pending') throw notPending();
  // docs/product.md 7's bare {status} stands for the application as first submitted.
  const reviewed = input.version ?? 1;
  if (loan.version !== reviewed) throw applicationChanged(loan.version);
  const now = new Date();
  const settings = await deps.settings.get();
  // Four eyes: a large loan is approved only once a second administrator agrees.
  if (
    input.status === 'approved' &&
    !approved &&
    loan.amountCents > settings.loanApprovalAboveCents
  ) {
    const approval = await requestApproval(
      deps.db,
      {
        action: 'loan_approval',
        subjectKey: `loan:${loan.id}`,
        summary: `Approve a ${formatUsd(loan.amountCents)} ${loanProductNames[loan.type].toLowerCase()}`,
        payload: { id: loan.id, status: 'approved', version: reviewed },
        amountCents: loan.amountCents,
        customerId: loan.userId,
        makerId: actorId,
        reason: input.reason ?? `Approve loan application ${loan.id}`,
      },
      { now, request },
    );
    return {
      message: 'The approval waits for a second administrator',
      approval: toApprovalDto(approval),
    };
  }
  if (input.status === 'rejected') {
    const reason = input.reason ?? null;
    await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(loans)
        .set({
          status: 'rejected',
          rejectionReason: reason,
          decidedBy: actorId,
          decidedAt: now,
          updatedAt: now,
        })
        .where(stillAsReviewed(loan.id, reviewed))
        .returning();
      if (!updated) throw await whyNotWritten(tx, loan.id);
      await announceDecision(deps, tx, updated, { status: 'rejected', reason, actorId }, request);
    });
  } else {
    const startDate = now.toISOString().slice(0, 10);
    const offer = offerFor(
      { amountCents: loan.amountCents, rateBps: loan.rateBps, termMonths: loan.termMonths },
      startDate,
    );
    await deps.ledger.submit(
      disbursementPosting({
        borrowerId: loan.userId,
        loanId: loan.id,
        amountCents: loan.amountCents,
        productName: loanProductNames[loan.type],
        async record(tx, transactionId) {
          const [updated] = await tx
            .update(loans)
            .set({
              status: 'approved',
              decidedBy: actorId,
              decidedAt: now,
              disbursementTransactionId: transactionId,
              startDate,
              outstandingCents: loan.amountCents,
              monthlyPaymentCents: offer.monthlyPaymentCents,
              totalInterestCents: offer.totalInterestCents,
              updatedAt: now,
            })
            .where(stillAsReviewed(loan.id, reviewed))
            .returning();
          if (!updated) throw await whyNotWritten(tx, loan.id);
          await tx.insert(loanPayments).values(
            offer.schedule.map((row) => ({
              loanId: loan.id,
              paymentNumber: row.paymentNumber,
              dueDate: row.dueDate,
              amountCents: row.amountCents,
              principalCents: row.principalCents,
              interestCents: row.interestCents,
              balanceCents: row.balanceCents,
            })),
          );
          await announceDecision(
            deps,
            tx,
            updated,
            { status: 'approved', reason: null, actorId, approved },
            request,
          );
        },
      }),
    );
  }
  const detail = await loanById(deps.db, { id: actorId, staff: true }, loan.id);
  return {
    message:
      input.status === 'approved' ? 'Loan approved and disbursed' : 'Loan application rejected',
    loan: detail,
  };
}
