import { randomInt } from 'node:crypto';
import { open } from '@bank/auth/cipher';
import type { Database, Executor } from '@bank/db';
import { cards, linkedBanks, transactions, users } from '@bank/db/schema';
import type {
  depositInput,
  transactionListQuery,
  transferInput,
  withdrawInput,
} from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, count, eq, gte, inArray, lt, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { customerAccountOf, lockAccountsInOrder, systemAccount } from '../accounts/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import { verifyCardCvv } from '../cards/service.ts';
import type { AppDeps } from '../context.ts';
import { queryRows } from '../db-rows.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { publishEvents, type QueuedEvent } from '../realtime/events.ts';
import { cachedBankSettings } from '../settings/service.ts';
import {
  type MovementResult,
  movementResultSchema,
  type TransactionRow,
  toTransactionDto,
} from './dto.ts';
import { runIdempotent } from './idempotency.ts';
import { recordMovement, reverseMovement, timelineEntry } from './ledger.ts';

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function last4(value: string): string {
  return value.slice(-4);
}

/** Money that left an account today (UTC) through `type`, pending or done: what limits count. */
async function outgoingToday(
  db: Executor,
  accountId: string,
  type: TransactionRow['type'],
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(${sum(transactions.amountCents)}, 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.fromAccountId, accountId),
        eq(transactions.type, type),
        inArray(transactions.status, ['pending', 'completed']),
        gte(transactions.createdAt, startOfUtcDay()),
      ),
    );
  return BigInt(row?.total ?? '0');
}

async function withdrawalLimitOf(db: Executor, user: { withdrawalLimitCents: bigint | null }) {
  return user.withdrawalLimitCents ?? (await cachedBankSettings(db)).withdrawalLimitCents;
}

/** Queues the news for both sides, each with its new balance; sent once the money commits. */
function announce(
  events: QueuedEvent[],
  row: TransactionRow,
  sides: Array<{ userId: string | null; accountId: string; balance: bigint; notify: boolean }>,
) {
  for (const side of sides) {
    if (!side.userId) continue;
    events.push({
      userId: side.userId,
      event: {
        type: 'transaction:new',
        data: {
          transactionId: row.id,
          type: row.type,
          status: row.status,
          amount: toDollars(row.amountCents),
          direction: row.toAccountId === side.accountId ? 'credit' : 'debit',
          description: row.description,
          newBalance: toDollars(side.balance),
          notify: side.notify,
        },
      },
    });
  }
}

function result(
  message: string,
  row: TransactionRow,
  viewerAccountId: string,
  balance: bigint,
  sender: SessionWithUser['user'],
): MovementResult {
  return {
    message,
    transaction: toTransactionDto(row, viewerAccountId, {
      sender: { firstName: sender.firstName, lastName: sender.lastName, email: sender.email },
    }),
    newBalance: toDollars(balance),
  };
}

// ---------------------------------------------------------------- transfer

export async function transfer(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof transferInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  const { transferLimitCents } = await cachedBankSettings(deps.db);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'transfer',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      const { sender, target, clearing } = await lockTransferParties(
        tx,
        user.id,
        input.recipientAccountNumber,
      );
      if (target?.account.id === sender.id)
        throw refuse('You cannot transfer money to your own account');
      if (target?.account.kind === 'system') throw refuse('This account cannot receive transfers');
      const recipient = target?.account.kind === 'customer' ? target : undefined;
      const from = sender;
      const to = recipient?.account ?? clearing;
      if (!to) throw new Error('System account external_clearing is missing');
      if (from.balanceCents < amountCents) throw refuse('Insufficient funds');

      const recipientName = recipient
        ? `${recipient.firstName} ${recipient.lastName}`
        : input.recipientName?.trim() || 'External account';
      const now = new Date();
      const written = await recordMovement(tx, {
        dailyLimit: { limitCents: transferLimitCents, since: startOfUtcDay() },
        type: 'transfer',
        status: recipient ? 'completed' : 'pending',
        amountCents,
        description: input.description?.trim() || `Transfer to ${recipientName}`,
        category: recipient ? 'transfer' : 'external_transfer',
        paymentMethod: recipient ? 'internal_transfer' : 'bank_transfer',
        from,
        to,
        senderUserId: user.id,
        recipientUserId: recipient?.account.userId ?? null,
        recipientName,
        recipientAccountNumber: input.recipientAccountNumber,
        counterparty: recipient
          ? null
          : { accountLast4: last4(input.recipientAccountNumber), network: 'ACH' },
        timeline: recipient
          ? [
              timelineEntry('completed', 'Transfer initiated', now),
              timelineEntry('completed', `Delivered to ${recipientName}`, now),
            ]
          : [
              timelineEntry('completed', 'Transfer initiated', now),
              timelineEntry('pending', 'Sent to the external bank for clearing', now),
            ],
      });
      if (!written) throw refuse('Daily transfer limit exceeded');
      const { transaction, fromBalance, toBalance } = written;
      announce(events, transaction, [
        {
          userId: user.id,
          accountId: from.id,
          balance: fromBalance,
          notify: user.notifyTransactions,
        },
        ...(recipient
          ? [
              {
                userId: recipient.account.userId,
                accountId: to.id,
                balance: toBalance,
                notify: recipient.notify ?? true,
              },
            ]
          : []),
      ]);
      return result('Transfer completed successfully', transaction, from.id, fromBalance, user);
    },
  );
}

const lockedPartyRow = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  kind: z.enum(['customer', 'system']),
  system_code: z.string().nullable(),
  account_number: z.string(),
  type: z.enum(['checking', 'savings']),
  currency: z.string(),
  balance_cents: z.string(),
  created_at: z.coerce.date(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  notify: z.boolean().nullable(),
});

/**
 * Finds and locks, in one statement and in id order, the sender's account and the account the
 * number names (with its owner's name), or the clearing account when the number is not a
 * customer's here: exactly the rows the transfer moves, locked as every movement locks them.
 */
async function lockTransferParties(db: Executor, userId: string, accountNumber: string) {
  const rows = await queryRows(
    db,
    sql`select a.id, a.user_id, a.kind, a.system_code, a.account_number, a.type, a.currency,
        a.balance_cents::text as balance_cents, a.created_at, u.first_name, u.last_name,
        u.notify_transactions as notify
      from accounts a left join users u on u.id = a.user_id
      -- The ids are fixed before locking (an init plan), so the re-check after waiting for a
      -- lock sees the same set; a semi-join there could drop a row a concurrent transfer updated.
      where a.id = any(array(
        select id from accounts where user_id = ${userId}::uuid and kind = 'customer'
        union all
        select id from accounts where account_number = ${accountNumber}
        union all
        select id from accounts where system_code = 'external_clearing'
          and not exists (select 1 from accounts where account_number = ${accountNumber} and kind = 'customer')
      ))
      order by a.id
      for update of a`,
    lockedPartyRow,
  );
  const parties = rows.map((row) => ({
    account: {
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      systemCode: row.system_code,
      accountNumber: row.account_number,
      type: row.type,
      currency: row.currency,
      balanceCents: BigInt(row.balance_cents),
      createdAt: row.created_at,
    },
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    notify: row.notify ?? true,
  }));
  const sender = parties
    .filter((party) => party.account.userId === userId && party.account.kind === 'customer')
    .sort((a, b) => a.account.createdAt.getTime() - b.account.createdAt.getTime())[0]?.account;
  if (!sender) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return {
    sender,
    clearing: parties.find((party) => party.account.systemCode === 'external_clearing')?.account,
    target: parties.find((party) => party.account.accountNumber === accountNumber),
  };
}

// ---------------------------------------------------------------- deposit

export async function deposit(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof depositInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'deposit',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      let paymentMethod: string;
      let counterparty: Record<string, string>;
      if (input.method === 'card') {
        if (input.cardId) {
          const [card] = await tx
            .select()
            .from(cards)
            .where(and(eq(cards.id, input.cardId), eq(cards.userId, user.id)));
          if (!card) throw new TRPCError({ code: 'NOT_FOUND', message: 'Card not found' });
          if (!verifyCardCvv(deps.encryptionKey, card, input.cvv ?? '')) throw refuse('Wrong CVV');
          assertNotExpired(card.expiryMonth, card.expiryYear);
          paymentMethod = `${card.type}_card`;
          counterparty = { cardLast4: card.last4, cardType: card.type };
        } else {
          const [month, year] = (input.expiryDate ?? '').split('/').map(Number);
          assertNotExpired(month ?? 0, 2000 + (year ?? 0));
          paymentMethod = 'card';
          counterparty = { cardLast4: last4((input.cardNumber ?? '').replace(/\D/g, '')) };
        }
      } else {
        let bankName = input.bankName ?? '';
        let accountNumber = input.bankAccountNumber ?? '';
        if (input.bankId) {
          const [bank] = await tx
            .select()
            .from(linkedBanks)
            .where(and(eq(linkedBanks.id, input.bankId), eq(linkedBanks.userId, user.id)));
          if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
          bankName = bank.name;
          accountNumber = open(deps.encryptionKey, bank.accountNumberSealed).toString('utf8');
        }
        paymentMethod = 'bank_transfer';
        counterparty = { bankName, accountLast4: last4(accountNumber) };
      }
      const account = await customerAccountOf(tx, user.id);
      const clearing = await systemAccount(tx, 'external_clearing');
      const locked = await lockAccountsInOrder(tx, [account.id, clearing.id]);
      const to = locked.get(account.id);
      const from = locked.get(clearing.id);
      if (!from || !to) throw new Error('Locked accounts missing');
      const now = new Date();
      const source = counterparty.cardLast4
        ? `card ending ${counterparty.cardLast4}`
        : `${counterparty.bankName} account ending ${counterparty.accountLast4}`;
      const written = await recordMovement(tx, {
        type: 'deposit',
        status: 'completed',
        amountCents,
        description: input.description || 'Deposit funds',
        category: 'deposit',
        paymentMethod,
        from,
        to,
        senderUserId: null,
        recipientUserId: user.id,
        recipientName: `${user.firstName} ${user.lastName}`,
        recipientAccountNumber: to.accountNumber,
        counterparty,
        timeline: [
          timelineEntry('completed', `Deposit from ${source} initiated`, now),
          timelineEntry('completed', 'Funds credited to your account', now),
        ],
      });
      if (!written) throw new Error('Deposit was not written');
      const { transaction, toBalance } = written;
      announce(events, transaction, [
        { userId: user.id, accountId: to.id, balance: toBalance, notify: user.notifyTransactions },
      ]);
      return result('Deposit completed successfully', transaction, to.id, toBalance, user);
    },
  );
}

function assertNotExpired(month: number, year: number) {
  const now = new Date();
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!month || year * 12 + month < current) throw refuse('Card has expired');
}

// ---------------------------------------------------------------- withdraw

export async function withdraw(
  deps: AppDeps,
  auth: SessionWithUser,
  input: z.infer<typeof withdrawInput>,
): Promise<MovementResult> {
  const user = auth.user;
  const amountCents = toCents(input.amount);
  return runIdempotent(
    deps.db,
    {
      userId: user.id,
      key: input.idempotencyKey,
      operation: 'withdraw',
      request: input,
      output: movementResultSchema,
    },
    async (tx, events) => {
      let counterparty: Record<string, string>;
      let paymentMethod: string;
      let destination: string;
      if (input.method === 'bank') {
        let bankName = input.bankName ?? '';
        let accountNumber = input.accountNumber ?? '';
        let accountName = input.accountName ?? '';
        if (input.bankId) {
          const [bank] = await tx
            .select()
            .from(linkedBanks)
            .where(and(eq(linkedBanks.id, input.bankId), eq(linkedBanks.userId, user.id)));
          if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
          bankName = bank.name;
          accountNumber = open(deps.encryptionKey, bank.accountNumberSealed).toString('utf8');
          accountName = bank.accountName ?? `${user.firstName} ${user.lastName}`;
        }
        paymentMethod = 'bank_transfer';
        counterparty = { bankName, accountLast4: last4(accountNumber), accountName };
        destination = `${bankName} account ending ${last4(accountNumber)}`;
      } else if (input.method === 'card') {
        const [card] = await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, input.cardId ?? ''), eq(cards.userId, user.id)));
        if (!card) throw new TRPCError({ code: 'NOT_FOUND', message: 'Card not found' });
        if (card.type !== 'debit') throw refuse('Withdrawals to a card need a debit card');
        assertNotExpired(card.expiryMonth, card.expiryYear);
        paymentMethod = 'debit_card';
        counterparty = { cardLast4: card.last4 };
        destination = `debit card ending ${card.last4}`;
      } else {
        paymentMethod = 'cash_pickup';
        counterparty = { pickupCode: String(randomInt(10_000_000, 100_000_000)) };
        destination = `cash pickup (code ${counterparty.pickupCode})`;
      }
      const account = await customerAccountOf(tx, user.id);
      const clearing = await systemAccount(tx, 'external_clearing');
      const locked = await lockAccountsInOrder(tx, [account.id, clearing.id]);
      const from = locked.get(account.id);
      const to = locked.get(clearing.id);
      if (!from || !to) throw new Error('Locked accounts missing');
      if (from.balanceCents < amountCents) throw refuse('Insufficient funds');
      const now = new Date();
      const written = await recordMovement(tx, {
        dailyLimit: { limitCents: await withdrawalLimitOf(deps.db, user), since: startOfUtcDay() },
        type: 'withdraw',
        status: 'pending',
        amountCents,
        description: input.description?.trim() || `Withdrawal to ${destination}`,
        category: 'withdrawal',
        paymentMethod,
        notes: input.method === 'cash_pickup' ? `Pickup code ${counterparty.pickupCode}` : null,
        from,
        to,
        senderUserId: user.id,
        recipientUserId: null,
        recipientName: counterparty.accountName ?? null,
        counterparty,
        timeline: [
          timelineEntry('completed', 'Withdrawal requested', now),
          timelineEntry('pending', `Paying out to ${destination}`, now),
        ],
      });
      if (!written) throw refuse('Daily withdrawal limit exceeded');
      const { transaction, fromBalance } = written;
      announce(events, transaction, [
        {
          userId: user.id,
          accountId: from.id,
          balance: fromBalance,
          notify: user.notifyTransactions,
        },
      ]);
      return result(
        'Withdrawal request submitted successfully',
        transaction,
        from.id,
        fromBalance,
        user,
      );
    },
  );
}

// ---------------------------------------------------------------- settlement

/**
 * The sandbox clearing network: an account number ending in 0000 does not exist there, so a
 * transfer to it fails and its money comes back. Everything else clears.
 */
export function clearingRejects(row: TransactionRow): string | null {
  if (row.type === 'transfer' && row.recipientAccountNumber?.endsWith('0000')) {
    return 'The receiving bank rejected the transfer: account not found';
  }
  return null;
}

/** Completes (or fails, returning the money) pending movements older than `minAgeMs`. */
export async function settlePendingTransactions(
  db: Database,
  minAgeMs: number,
  batch = 50,
): Promise<number> {
  const events: QueuedEvent[] = [];
  const settled = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'pending'),
          lt(transactions.createdAt, new Date(Date.now() - minAgeMs)),
        ),
      )
      .orderBy(transactions.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await lockAccountsInOrder(tx, [row.fromAccountId, row.toAccountId]);
      const rejection = clearingRejects(row);
      if (rejection) {
        const { transaction, fromBalance } = await reverseMovement(tx, row, rejection);
        if (row.senderUserId) {
          events.push({
            userId: row.senderUserId,
            event: {
              type: 'transaction:updated',
              data: {
                transactionId: row.id,
                status: transaction.status,
                newBalance: toDollars(fromBalance),
              },
            },
          });
        }
        continue;
      }
      await tx
        .update(transactions)
        .set({
          status: 'completed',
          updatedAt: new Date(),
          timeline: [
            ...row.timeline,
            timelineEntry(
              'completed',
              row.type === 'withdraw' ? 'Paid out' : 'Received by the external bank',
            ),
          ],
        })
        .where(eq(transactions.id, row.id));
      if (row.senderUserId) {
        events.push({
          userId: row.senderUserId,
          event: {
            type: 'transaction:updated',
            data: { transactionId: row.id, status: 'completed' },
          },
        });
      }
    }
    return due.length;
  });
  await publishEvents(db, events);
  return settled;
}

// ---------------------------------------------------------------- reading

const senders = alias(users, 'sender');

/** The order of the (…, created_at desc nulls last, id desc nulls last) indexes, exactly. */
const newestFirst = [
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

function filterConditions(query: z.infer<typeof transactionListQuery>): SQL[] {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(transactions.type, query.type));
  if (query.status) conditions.push(eq(transactions.status, query.status));
  if (query.startDate)
    conditions.push(gte(transactions.createdAt, new Date(`${query.startDate}T00:00:00.000Z`)));
  if (query.endDate)
    conditions.push(
      lt(
        transactions.createdAt,
        new Date(new Date(`${query.endDate}T00:00:00.000Z`).getTime() + 86_400_000),
      ),
    );
  if (query.minAmount !== undefined)
    conditions.push(gte(transactions.amountCents, toCents(query.minAmount)));
  if (query.maxAmount !== undefined)
    conditions.push(lte(transactions.amountCents, toCents(query.maxAmount)));
  return conditions;
}

async function pageOf(
  db: Executor,
  where: SQL | undefined,
  query: z.infer<typeof transactionListQuery>,
  viewerAccountId: string | null,
  withSenderEmail: boolean,
) {
  const rows = await db
    .select({
      transaction: transactions,
      sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
    })
    .from(transactions)
    .leftJoin(senders, eq(senders.id, transactions.senderUserId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await db.select({ total: count() }).from(transactions).where(where);
  const total = totals?.total ?? 0;
  return {
    data: rows.map(({ transaction, sender }) =>
      toTransactionDto(transaction, viewerAccountId, {
        sender: sender ? { ...sender, email: withSenderEmail ? sender.email : '' } : null,
      }),
    ),
    page: query.page,
    limit: query.limit,
    count: rows.length,
    total,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

const historyPageRow = z.object({
  account_id: z.string().nullable(),
  ids: z.array(z.string()),
  total: z.coerce.number(),
});

/**
 * The customer's history, newest first. Money leaving and money arriving are read from their
 * own (account, created_at) indexes and merged, so page one costs the same with a million rows;
 * the ids and the total come back in one statement, the rows in a second.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  query: z.infer<typeof transactionListQuery>,
) {
  const filters = filterConditions(query);
  const filtered = filters.length > 0 ? sql` and ${and(...filters)}` : sql``;
  const offset = (query.page - 1) * query.limit;
  const reach = offset + query.limit;
  const side = (column: typeof transactions.fromAccountId | typeof transactions.toAccountId) =>
    // A scalar subquery (not a join) lets each side walk its index in order and stop early.
    sql`(select ${transactions.id} as id, ${transactions.createdAt} as created_at from ${transactions}
      where ${column} = (select id from acct)${filtered}
      order by ${transactions.createdAt} desc nulls last, ${transactions.id} desc nulls last limit ${reach})`;
  const count = (column: typeof transactions.fromAccountId | typeof transactions.toAccountId) =>
    sql`(select count(*) from ${transactions} where ${column} = (select id from acct)${filtered})`;
  const [page] = await queryRows(
    db,
    sql`with acct as (
        select id from accounts where user_id = ${userId}::uuid and kind = 'customer' order by created_at limit 1
      ), merged as (
        select id, created_at from (${side(transactions.fromAccountId)} union all ${side(transactions.toAccountId)}) both_sides
        order by created_at desc, id desc limit ${query.limit} offset ${offset}
      )
      select (select id from acct) as account_id,
        array(select id::text from merged order by created_at desc, id desc) as ids,
        (${count(transactions.fromAccountId)} + ${count(transactions.toAccountId)})::int as total`,
    historyPageRow,
  );
  if (!page?.account_id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  const rows =
    page.ids.length === 0
      ? []
      : await db
          .select({
            transaction: transactions,
            sender: { firstName: senders.firstName, lastName: senders.lastName },
          })
          .from(transactions)
          .leftJoin(senders, eq(senders.id, transactions.senderUserId))
          .where(inArray(transactions.id, page.ids));
  const byId = new Map(rows.map((row) => [row.transaction.id, row]));
  const accountId = page.account_id;
  return {
    data: page.ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            toTransactionDto(row.transaction, accountId, {
              sender: row.sender ? { ...row.sender, email: '' } : null,
            }),
          ]
        : [];
    }),
    page: query.page,
    limit: query.limit,
    count: page.ids.length,
    total: page.total,
    pages: Math.max(1, Math.ceil(page.total / query.limit)),
  };
}

export async function listAllTransactions(
  db: Executor,
  query: z.infer<typeof transactionListQuery>,
) {
  const conditions = filterConditions(query);
  return pageOf(db, conditions.length > 0 ? and(...conditions) : undefined, query, null, true);
}

/** One of the customer's transactions; another customer's answers not found. */
export async function transactionById(db: Executor, userId: string, id: string) {
  const account = await customerAccountOf(db, userId);
  const [row] = await db
    .select({
      transaction: transactions,
      sender: { firstName: senders.firstName, lastName: senders.lastName, email: senders.email },
    })
    .from(transactions)
    .leftJoin(senders, eq(senders.id, transactions.senderUserId))
    .where(
      and(
        eq(transactions.id, id),
        or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
      ),
    );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Transaction not found' });
  return toTransactionDto(row.transaction, account.id, {
    sender: row.sender ? { ...row.sender, email: '' } : null,
  });
}

export async function balanceOf(db: Executor, user: SessionWithUser['user']) {
  const account = await customerAccountOf(db, user.id);
  const settings = await cachedBankSettings(db);
  const withdrawalLimit = await withdrawalLimitOf(db, user);
  return {
    balance: toDollars(account.balanceCents),
    currency: account.currency,
    accountNumber: account.accountNumber,
    accountType: account.type,
    withdrawalLimit: toDollars(withdrawalLimit),
    withdrawnToday: toDollars(await outgoingToday(db, account.id, 'withdraw')),
    transferLimit: toDollars(settings.transferLimitCents),
    transferredToday: toDollars(await outgoingToday(db, account.id, 'transfer')),
  };
}

/** Income (money in, completed), expenses (money out, not failed) and the last 12 months. */
export async function statsOf(db: Executor, userId: string) {
  const account = await customerAccountOf(db, userId);
  const incoming = and(
    eq(transactions.toAccountId, account.id),
    eq(transactions.status, 'completed'),
  );
  const outgoing = and(
    eq(transactions.fromAccountId, account.id),
    inArray(transactions.status, ['pending', 'completed']),
  );
  const since = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 11, 1));
  const month = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [totals] = await db
    .select({
      income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${incoming}), 0)::text`,
      expense: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${outgoing}), 0)::text`,
    })
    .from(transactions)
    .where(
      or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
    );
  const monthly = await db
    .select({
      month,
      income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${incoming}), 0)::text`,
      expenses: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${outgoing}), 0)::text`,
    })
    .from(transactions)
    .where(
      and(
        or(eq(transactions.fromAccountId, account.id), eq(transactions.toAccountId, account.id)),
        gte(transactions.createdAt, since),
      ),
    )
    .groupBy(month)
    .orderBy(month);
  const byMonth = new Map(monthly.map((row) => [row.month, row]));
  const monthlyStats = Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
    const key = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const row = byMonth.get(key);
    return {
      month: key,
      income: toDollars(BigInt(row?.income ?? '0')),
      expenses: toDollars(BigInt(row?.expenses ?? '0')),
    };
  });
  return {
    balance: toDollars(account.balanceCents),
    totalIncome: toDollars(BigInt(totals?.income ?? '0')),
    totalExpense: toDollars(BigInt(totals?.expense ?? '0')),
    monthlyStats,
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  // Quote, and defuse spreadsheet formulas.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export async function exportCsv(
  db: Executor,
  userId: string,
  query: z.infer<typeof transactionListQuery>,
) {
  const page = await listTransactions(db, userId, { ...query, page: 1, limit: 10_000 });
  const header = [
    'Date',
    'Reference',
    'Type',
    'Description',
    'Status',
    'Direction',
    'Amount',
    'Currency',
  ];
  const lines = page.data.map((t) =>
    [
      t.createdAt,
      t.id,
      t.type,
      t.description,
      t.status,
      t.direction,
      (t.direction === 'credit' ? t.amount : -t.amount).toFixed(2),
      t.currency,
    ]
      .map(csvCell)
      .join(','),
  );
  return {
    filename: `transactions-${new Date().toISOString().slice(0, 10)}.csv`,
    csv: [header.join(','), ...lines].join('\n'),
  };
}
