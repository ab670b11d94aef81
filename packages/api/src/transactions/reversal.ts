import type { Executor } from '@bank/db';
import { accounts, transactions } from '@bank/db/schema';
import type { reversalInput } from '@bank/validators/operations';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { requestApproval, toApprovalDto } from '../approvals/requests.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { appError } from '../errors.ts';
import {
  type ReversalOutcome,
  reversalPosting,
  reversibleCents,
} from '../ledger/kinds/reversal.ts';
import { toTransactionDto } from '../ledger/transaction-dto.ts';
import { mailAboutMoney } from '../mail/recipients.ts';
import { formatUsd, toCents, toDollars } from '../money/cents.ts';
import { reversalEmail } from './reversal-emails.ts';
import { reversalsOf } from './reversal-links.ts';

const fromAccounts = alias(accounts, 'from_account');
const toAccounts = alias(accounts, 'to_account');

/** The movement and the customers on its two sides (a system account has none). */
async function movementWithOwners(db: Executor, id: string) {
  const [found] = await db
    .select({
      transaction: transactions,
      fromOwner: fromAccounts.userId,
      toOwner: toAccounts.userId,
    })
    .from(transactions)
    .innerJoin(fromAccounts, eq(fromAccounts.id, transactions.fromAccountId))
    .innerJoin(toAccounts, eq(toAccounts.id, transactions.toAccountId))
    .where(eq(transactions.id, id));
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Transaction not found' });
  const owners = [found.fromOwner, found.toOwner].filter((owner) => owner !== null);
  return { row: found.transaction, owners };
}

/** Nobody acts as staff on their own account (four eyes, docs/product.md). */
export const ownAccount = () =>
  appError(
    'FORBIDDEN',
    'You cannot act on your own account. Another staff member must.',
    'OWN_ACCOUNT',
  );

/** What a reversal request names, checked before it runs or waits for a second approver. */
interface ReversalAsk {
  transactionId: string;
  amountCents: bigint | undefined;
  reason: string;
}

/** The staff member asking and, when four eyes applied, the one who approved. */
interface ReversalPeople {
  makerId: string;
  checkerId?: string;
  approvalId?: string;
  request?: RequestInfo;
}

/**
 * POST /admin/transactions/{id}/reversal: a reversal (or the void of a pending movement) runs
 * at once, or, above the bank's four-eyes amount, becomes an approval request another staff
 * member decides on (202).
 */
export async function requestReversal(
  deps: Pick<AppDeps, 'db' | 'ledger' | 'settings' | 'mailer' | 'publicUrl'>,
  input: z.output<typeof reversalInput>,
  context: { actorId: string; request?: RequestInfo; now?: Date },
) {
  const now = context.now ?? new Date();
  const { row, owners } = await movementWithOwners(deps.db, input.id);
  if (owners.includes(context.actorId)) throw ownAccount();
  const amountCents = input.amount === undefined ? undefined : toCents(input.amount);
  // What would move: the whole of a pending one, else the part named or all that is left.
  const moving = row.status === 'pending' ? row.amountCents : (amountCents ?? reversibleCents(row));
  const settings = await deps.settings.get();
  if (moving > settings.reversalApprovalAboveCents) {
    const approval = await requestApproval(
      deps.db,
      {
        action: 'reversal',
        subjectKey: `reversal:${row.id}`,
        summary: `Reverse ${formatUsd(moving)} of “${row.description}”`,
        payload: {
          transactionId: row.id,
          amount: amountCents === undefined ? null : toDollars(amountCents),
        },
        amountCents: moving,
        customerId: owners[0] ?? null,
        makerId: context.actorId,
        reason: input.reason,
      },
      { now, request: context.request },
    );
    return { approval: toApprovalDto(approval) };
  }
  const outcome = await executeReversal(
    deps,
    { transactionId: row.id, amountCents, reason: input.reason },
    { makerId: context.actorId, request: context.request },
  );
  return { transaction: outcome.transaction };
}

/**
 * Runs a reversal through the ledger's front door, with its audit entry (the staff member, the
 * second approver if any, and the customer) written in the same transaction as the money.
 */
export async function executeReversal(
  deps: Pick<AppDeps, 'db' | 'ledger' | 'mailer' | 'publicUrl'>,
  ask: ReversalAsk,
  people: ReversalPeople,
) {
  const { owners } = await movementWithOwners(deps.db, ask.transactionId);
  if (owners.includes(people.makerId)) throw ownAccount();
  if (people.checkerId && owners.includes(people.checkerId)) throw ownAccount();
  const record = async (tx: Executor, outcome: ReversalOutcome) => {
    // Each customer on the movement sees the correction in their own security log.
    for (const customerId of owners.length > 0 ? owners : [null]) {
      await recordAudit(tx, {
        event: outcome.kind === 'voided' ? 'transaction.voided' : 'transaction.reversed',
        userId: customerId,
        actorId: people.makerId,
        request: people.request,
        details: {
          transactionId: outcome.original.id,
          ...(outcome.kind === 'reversed' ? { reversalId: outcome.row.id } : {}),
          amount: toDollars(outcome.amountCents),
          reason: ask.reason,
          ...(people.checkerId
            ? { approvedBy: people.checkerId, approvalId: people.approvalId }
            : {}),
        },
      });
    }
    await emailCustomers(deps, tx, outcome, ask.reason);
  };
  const posted = await deps.ledger.submit(reversalPosting({ ...ask, record }));
  const outcome = posted.value;
  const reversals = await reversalsOf(deps.db, [outcome.row]);
  return {
    outcome,
    transaction: toTransactionDto(outcome.row, null, {
      sender: null,
      reversedBy: reversals.get(outcome.row.id),
    }),
  };
}

/** Each customer on the movement is told by e-mail (if they take notifications), with the reason. */
async function emailCustomers(
  deps: Pick<AppDeps, 'mailer' | 'publicUrl'>,
  tx: Executor,
  outcome: ReversalOutcome,
  reason: string,
) {
  const { original, row } = outcome;
  const sides = [
    // The reversal (or void) credits where the original's money left from.
    { userId: original.senderUserId, credited: true },
    { userId: original.recipientUserId, credited: false },
  ];
  for (const side of sides) {
    if (!side.userId) continue;
    if (outcome.kind === 'voided' && !side.credited) continue;
    await mailAboutMoney(deps, tx, side.userId, (customer) =>
      reversalEmail({
        ...customer,
        description: original.description,
        amount: formatUsd(outcome.amountCents),
        credited: side.credited,
        voided: outcome.kind === 'voided',
        reason,
        url: `${deps.publicUrl}/transactions/${row.id}`,
      }),
    );
  }
}
