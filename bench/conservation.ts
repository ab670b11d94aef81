/**
 * Conservation after a phase: money is neither made nor lost. Read in one snapshot (repeatable
 * read), because the API keeps settling withdrawals while the checks run.
 */
import { ledgerInvariant } from '@bank/api/testing/money';
import type { Database } from '@bank/db';
import { accounts, transactions } from '@bank/db/schema';
import { sql } from 'drizzle-orm';
import { fundingDescription } from './setup.ts';

export interface Conservation {
  holds: boolean;
  /** Every account's balance, customers' and the bank's own: double entry makes it 0. */
  allAccountsCents: bigint;
  customersCents: bigint;
  /** What the customers must hold by the transactions table. */
  expectedCustomersCents: bigint;
  fundingCents: bigint;
  depositedCents: bigint;
  withdrawnCents: bigint;
  invariant: Awaited<ReturnType<typeof ledgerInvariant>>;
}

/** `fundingCents`: what the bench put in; the funding rows must still add up to it. */
export async function checkConservation(db: Database, fundingCents: bigint): Promise<Conservation> {
  return db.transaction(
    async (tx) => {
      const invariant = await ledgerInvariant(tx);
      const [balances] = await tx
        .select({
          all: sql<string>`coalesce(sum(${accounts.balanceCents}), 0)::text`,
          customers: sql<string>`coalesce(sum(${accounts.balanceCents}) filter (where ${accounts.kind} = 'customer'), 0)::text`,
        })
        .from(accounts);
      // Customers' money comes in by deposit (the funding is deposits too) and leaves by
      // withdrawal; a withdrawal that failed (voided) has given its money back.
      const [moved] = await tx
        .select({
          funding: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'deposit' and ${transactions.status} = 'completed' and ${transactions.description} = ${fundingDescription}), 0)::text`,
          deposited: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'deposit' and ${transactions.status} = 'completed' and ${transactions.description} <> ${fundingDescription}), 0)::text`,
          withdrawn: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'withdraw' and ${transactions.status} in ('pending', 'completed')), 0)::text`,
        })
        .from(transactions);
      const allAccountsCents = BigInt(balances?.all ?? '0');
      const customersCents = BigInt(balances?.customers ?? '0');
      const fundedCents = BigInt(moved?.funding ?? '0');
      const depositedCents = BigInt(moved?.deposited ?? '0');
      const withdrawnCents = BigInt(moved?.withdrawn ?? '0');
      const expectedCustomersCents = fundedCents + depositedCents - withdrawnCents;
      return {
        holds:
          allAccountsCents === 0n &&
          fundedCents === fundingCents &&
          customersCents === expectedCustomersCents &&
          invariant.mismatched === 0 &&
          invariant.entriesSum === 0n &&
          invariant.negativeCustomerBalances === 0 &&
          invariant.unbalancedTransactions === 0,
        allAccountsCents,
        customersCents,
        expectedCustomersCents,
        fundingCents: fundedCents,
        depositedCents,
        withdrawnCents,
        invariant,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function describeConservation(c: Conservation): string {
  const ledger = JSON.stringify({ ...c.invariant, entriesSum: String(c.invariant.entriesSum) });
  return `customers ${c.customersCents} cents, expected ${c.expectedCustomersCents} (funding ${c.fundingCents} + deposits ${c.depositedCents} - withdrawals ${c.withdrawnCents}); all accounts ${c.allAccountsCents}; ledger ${ledger} -> ${c.holds ? 'holds' : 'BROKEN'}`;
}
