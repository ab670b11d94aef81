import type { Executor } from '@bank/db';
import { freezeModes } from '@bank/db/enums';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openSessionIds } from '../auth/sessions.ts';
import { queryRows, textArray, uuidArray } from '../db-rows.ts';
import type { PayeeState } from './posting.ts';
import { primaryAccountIdOf } from './primary-account.ts';
import { storedAnswerSchema } from './stored-answer.ts';
import { transactionJsonPairs, transactionRowJson } from './transaction-row.ts';

const accountJson = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  kind: z.enum(['customer', 'system']),
  system_code: z.string().nullable(),
  account_number: z.string(),
  balance: z.string(),
  count: z.number(),
  outflow_day: z.string().nullable(),
  transferred: z.string(),
  withdrawn: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  notify: z.boolean().nullable(),
  closed: z.boolean(),
  restriction_version: z.number(),
  freeze_mode: z.enum(freezeModes).nullable(),
  frozen_until: z.string().nullable(),
  holds: z.array(z.object({ id: z.string(), amount: z.string(), expires_at: z.string() })),
});

const keyJson = z.object({
  user_id: z.string(),
  key: z.string(),
  operation: z.string(),
  request_hash: z.string(),
  response: storedAnswerSchema,
});

const payeeJson = z.object({
  id: z.string(),
  user_id: z.string(),
  removed: z.boolean(),
  daily_limit: z.string().nullable(),
  created_at: z.coerce.date(),
  sent_on_day: z.string(),
  sent_total: z.string(),
});

const readRow = z.object({
  accounts: z.array(accountJson),
  payees: z.array(payeeJson),
  primaries: z.array(z.tuple([z.string(), z.string()])),
  transactions: z.array(transactionRowJson),
  keys: z.array(keyJson),
  sessions: z.array(z.string()),
});

export type LedgerRead = ReturnType<typeof shapeRead>;

/** A pending movement the batch settles, every column of it (built once). */
const transactionOfT = transactionJsonPairs('t');

/**
 * One statement, one snapshot, no lock: every account a batch judges or moves (the customers'
 * primary accounts, the numbers they named, the accounts of the pending movements, and the
 * bank's system accounts), the pending movements, and the stored answers of the batch's
 * idempotency keys, and which of the sessions the postings act through are open. The write
 * checks that what the judgement rested on is still so.
 */
export async function readLedger(
  db: Executor,
  wanted: {
    users: string[];
    accountNumbers: string[];
    transactions: string[];
    sessions: string[];
    keys: Array<{ userId: string; key: string }>;
    payees?: string[];
    /** The UTC day the payees' daily totals count (the batch's). */
    day?: string;
  },
) {
  const keys = JSON.stringify(wanted.keys.map(({ userId, key }) => ({ user_id: userId, key })));
  const transactionIds = uuidArray(wanted.transactions);
  const [row] = await queryRows(
    db,
    sql`with primaries as materialized (
        select u.id as user_id, ${primaryAccountIdOf(sql`u.id`)} as account_id
        from unnest(${uuidArray(wanted.users)}) as u(id)
      ), wanted as materialized (
        select id from accounts where kind = 'system'
        union select account_id from primaries where account_id is not null
        -- Arrays (= any) keep every look-up on its index whatever the statistics say.
        union select id from accounts where account_number = any(${textArray(wanted.accountNumbers)})
        union select unnest(array[t.from_account_id, t.to_account_id]) from transactions t
          where t.id = any(${transactionIds})
      )
      select
        (select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'user_id', a.user_id,
            'kind', a.kind, 'system_code', a.system_code, 'account_number', a.account_number,
            'balance', a.balance_cents::text, 'count', a.transaction_count,
            'outflow_day', a.outflow_day::text, 'transferred', a.transferred_on_day_cents::text,
            'withdrawn', a.withdrawn_on_day_cents::text, 'first_name', u.first_name,
            'last_name', u.last_name, 'notify', u.notify_transactions,
            'closed', u.closed_at is not null,
            -- Freezes and holds come with the balance: the holds by a partial index,
            -- looked up only for an account that has any (version > 0), in the same statement.
            'restriction_version', a.restriction_version, 'freeze_mode', a.freeze_mode,
            'frozen_until', a.frozen_until, 'holds', case when a.restriction_version = 0
              then '[]'::jsonb else (select coalesce(jsonb_agg(jsonb_build_object('id', h.id,
                'amount', h.amount_cents::text, 'expires_at', h.expires_at)), '[]'::jsonb)
              from account_holds h where h.account_id = a.id and h.released_at is null) end)),
            '[]'::jsonb)
          from accounts a left join users u on u.id = a.user_id
          where a.id = any(array(select id from wanted))) as accounts,
        -- What each payee received: failed or cancelled movements gave their money back.
        (select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'user_id', p.user_id,
            'removed', p.removed_at is not null, 'daily_limit', p.daily_limit_cents::text,
            'created_at', p.created_at, 'sent_on_day', s.on_day::text,
            'sent_total', s.total::text)), '[]'::jsonb)
          from payees p cross join lateral (
            select coalesce(sum(t.amount_cents) filter (
                where t.created_at >= ${wanted.day ?? '1970-01-01'}::date::timestamp at time zone 'UTC'), 0) as on_day,
              coalesce(sum(t.amount_cents), 0) as total
            from transactions t
            where t.payee_id = p.id and t.status not in ('failed', 'cancelled')) s
          where p.id = any(${uuidArray(wanted.payees ?? [])})) as payees,
        (select coalesce(jsonb_agg(jsonb_build_array(user_id, account_id)), '[]'::jsonb)
          from primaries where account_id is not null) as primaries,
        (select coalesce(jsonb_agg(jsonb_build_object(${transactionOfT})), '[]'::jsonb)
          from transactions t where t.id = any(${transactionIds})) as transactions,
        (select coalesce(jsonb_agg(jsonb_build_object('user_id', k.user_id, 'key', k.key,
            'operation', k.operation, 'request_hash', k.request_hash, 'response', k.response)), '[]'::jsonb)
          from idempotency_keys k
          join jsonb_to_recordset(${keys}::jsonb) as x(user_id uuid, key text)
            on k.user_id = x.user_id and k.key = x.key) as keys,
        (select coalesce(jsonb_agg(o.id), '[]'::jsonb)
          from (${openSessionIds(textArray(wanted.sessions))}) o) as sessions`,
    readRow,
  );
  if (!row) throw new Error('The ledger read answered no row');
  return shapeRead(row);
}

function shapeRead(row: z.output<typeof readRow>) {
  const accounts = row.accounts.map((a) => ({
    party: {
      id: a.id,
      kind: a.kind,
      systemCode: a.system_code,
      accountNumber: a.account_number,
      userId: a.user_id,
      owner:
        a.kind === 'customer' && a.user_id
          ? { firstName: a.first_name ?? '', lastName: a.last_name ?? '', notify: a.notify ?? true }
          : null,
      // The kinds refuse a closed customer's account (kinds/open-account.ts).
      closed: a.closed,
    },
    state: {
      id: a.id,
      balanceCents: BigInt(a.balance),
      transactionCount: a.count,
      outflowDay: a.outflow_day,
      transferredOnDayCents: BigInt(a.transferred),
      withdrawnOnDayCents: BigInt(a.withdrawn),
      restrictions: {
        version: a.restriction_version,
        freeze: a.freeze_mode
          ? { mode: a.freeze_mode, until: a.frozen_until ? new Date(a.frozen_until) : null }
          : null,
        holds: a.holds.map((hold) => ({
          id: hold.id,
          amountCents: BigInt(hold.amount),
          expiresAt: new Date(hold.expires_at),
        })),
      },
    },
  }));
  const keys = row.keys.map((k) => ({
    userId: k.user_id,
    key: k.key,
    operation: k.operation,
    requestHash: k.request_hash,
    response: k.response,
  }));
  const payees = row.payees.map(
    (p): PayeeState => ({
      id: p.id,
      userId: p.user_id,
      removed: p.removed,
      dailyLimitCents: p.daily_limit === null ? null : BigInt(p.daily_limit),
      createdAt: p.created_at,
      sentOnDayCents: BigInt(p.sent_on_day),
      sentTotalCents: BigInt(p.sent_total),
    }),
  );
  return {
    accounts,
    payees,
    primaries: new Map(row.primaries),
    transactions: row.transactions,
    keys,
    openSessions: new Set(row.sessions),
  };
}
