import type { Executor } from '@bank/db';
import { accounts, ledgerEntries } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { LedgerChanges } from '../ledger/write.ts';
import type { TestApp } from './harness.ts';

export const testCard = { cardNumber: '4111111111111111', expiryDate: '12/39', cvv: '123' };

/** A verified, signed-in customer with `dollars` deposited from a card. */
export async function fundedCustomer(
  app: TestApp,
  dollars: number,
  firstName = 'Test',
  lastName = 'Customer',
) {
  const user = await app.registerVerified({ firstName, lastName });
  const { token } = await app.signIn(user.email);
  const caller = await app.caller(token);
  if (dollars > 0)
    await caller.transactions.deposit({ amount: dollars, method: 'card', ...testCard });
  const balance = await caller.transactions.balance();
  return { ...user, token, caller, accountNumber: balance.accountNumber };
}

type Customer = Awaited<ReturnType<typeof fundedCustomer>>;

/** Alice Carter and Bob Rivera, new customers with the given funds: the two of a history. */
export async function aliceAndBob(app: TestApp, funds: { alice: number; bob: number }) {
  const alice = await fundedCustomer(app, funds.alice, 'Alice', 'Carter');
  const bob = await fundedCustomer(app, funds.bob, 'Bob', 'Rivera');
  return { alice, bob };
}

/** Alice pays Bob `dollars`, both new customers with the given funds: a payment to act on. */
export async function alicePaysBob(
  app: TestApp,
  dollars: number,
  funds: { alice: number; bob: number },
  description: string,
) {
  const alice = await fundedCustomer(app, funds.alice, 'Alice');
  const bob = await fundedCustomer(app, funds.bob, 'Bob');
  const sent = await pay(alice, bob, dollars, description);
  return { alice, bob, id: sent.transaction.id };
}

/** `payer` sends `dollars` to `payee`'s account at the bank, with a description if given. */
export function pay(
  payer: Pick<Customer, 'caller'>,
  payee: Pick<Customer, 'accountNumber'>,
  dollars: number,
  description?: string,
) {
  return payer.caller.transactions.transfer({
    recipientAccountNumber: payee.accountNumber,
    amount: dollars,
    description,
  });
}

/**
 * A card `customer` saves: its type, number and CVV as the test needs them; a name and an
 * expiry that do not matter unless given.
 */
export async function saveCard(
  customer: Pick<Customer, 'caller'>,
  card: { type: 'debit' | 'credit'; number: string; cvv: string; name?: string; expiry?: string },
) {
  const { card: saved } = await customer.caller.cards.create({
    name: 'Card Holder',
    expiry: '01/37',
    ...card,
  });
  return saved;
}

/** What `ledgerInvariant` answers for a sound ledger. */
export const soundLedger = {
  mismatched: 0,
  entriesSum: 0n,
  negativeCustomerBalances: 0,
  unbalancedTransactions: 0,
};

/** Every account's cached balance equals the sum of its entries, and all entries sum to zero. */
export async function ledgerInvariant(db: Executor) {
  const mismatched = await db
    .select({ id: accounts.id, cached: accounts.balanceCents })
    .from(accounts)
    .where(
      sql`${accounts.balanceCents} <> coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${accounts.id}), 0)`,
    );
  const [total] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries);
  const [negative] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(sql`${accounts.kind} = 'customer' and ${accounts.balanceCents} < 0`);
  const unbalanced = await db
    .select({ transactionId: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  const miscounted = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.transactionCount} <> (select count(*) from transactions t where t.from_account_id = ${accounts.id} or t.to_account_id = ${accounts.id})`,
    );
  // The limits' outflow totals agree with today's (UTC) transfers and withdrawals, pending or done.
  // Today's only: a test's desk may run on a clock past midnight, and its movements count for
  // that day (late in the evening, an hour ahead is tomorrow).
  const outflowMismatched = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`
    (case when ${accounts.outflowDay} = (now() at time zone 'utc')::date
      then ${accounts.transferredOnDayCents} else 0 end,
     case when ${accounts.outflowDay} = (now() at time zone 'utc')::date
      then ${accounts.withdrawnOnDayCents} else 0 end)
    <> (select coalesce(sum(t.amount_cents) filter (where t.type = 'transfer'), 0),
          coalesce(sum(t.amount_cents) filter (where t.type = 'withdraw'), 0)
        from transactions t
        where t.from_account_id = ${accounts.id} and t.status in ('pending', 'completed')
          and t.created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'
          and t.created_at < (date_trunc('day', now() at time zone 'utc') + interval '1 day') at time zone 'utc')`);
  return {
    mismatched: mismatched.length + miscounted.length + outflowMismatched.length,
    entriesSum: BigInt(total?.sum ?? '0'),
    negativeCustomerBalances: negative?.count ?? 0,
    unbalancedTransactions: unbalanced.length,
  };
}

export async function balanceCents(db: Executor, accountNumber: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return row?.balance ?? 0n;
}

/**
 * The ids of the account numbered `accountNumber` and of the bank's external clearing account:
 * the two ends of a history a test writes directly, as the bench fills it.
 */
export async function accountAndClearingIds(db: Executor, accountNumber: string) {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  const [clearing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.systemCode, 'external_clearing'));
  if (!account || !clearing) throw new Error('accounts missing');
  return { account: account.id, clearing: clearing.id };
}

/** A write that changes nothing: tests of the ledger's write add only what they check. */
export const nothing: LedgerChanges = {
  expected: [],
  after: [],
  system: [],
  owners: [],
  pending: [],
  sessions: [],
  inserted: [],
  updated: [],
  entries: [],
  answers: [],
  events: [],
};
