import type { Executor } from '@bank/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openSessionIds } from '../auth/sessions.ts';
import { queryRows, textArray } from '../db-rows.ts';
import type { QueuedEvent } from '../realtime/events.ts';
import type { AccountState } from './account-state.ts';
import { keepEvents } from './kept-events.ts';
import { sqlStateOf } from './retry.ts';
import type { StoredAnswer } from './stored-answer.ts';
import {
  type TransactionRow,
  transactionColumnList,
  transactionRecordset,
  transactionToJson,
} from './transaction-row.ts';

/** Everything a judged batch changes, written by one statement or not at all. */
export interface LedgerChanges {
  /** Customer accounts as the judgement read them (every one it rested on): locked, compared. */
  expected: AccountState[];
  /** Customer accounts as the batch leaves them. */
  after: AccountState[];
  /** The bank's accounts have no rules to judge: they move by their net change, unchecked. */
  system: Array<{ id: string; deltaCents: bigint; transactions: number }>;
  /**
   * The owners of customer accounts as a batch judged from what the desk knew took them: each
   * must still have these names and this notification choice (empty after a fresh read).
   */
  owners: Array<{ userId: string; firstName: string; lastName: string; notify: boolean }>;
  /** Pending movements the batch completes or voids: locked, and still pending. */
  pending: string[];
  /** Sessions the postings act through (distinct): each must still be open. */
  sessions: string[];
  inserted: TransactionRow[];
  updated: TransactionRow[];
  entries: Array<{ transactionId: string; accountId: string; amountCents: bigint; at: Date }>;
  /** Definite answers, stored under their idempotency keys. */
  answers: Array<{
    userId: string;
    key: string;
    operation: string;
    requestHash: string;
    response: StoredAnswer;
  }>;
  events: QueuedEvent[];
}

const writtenRow = z.object({ ok: z.boolean(), consistent: z.boolean(), moved: z.number() });

/** The column lists of the statement and their JSON, built once (transaction-row.ts). */
const allColumns = transactionRecordset();
const insertedJson = transactionToJson();
/** What settling a pending movement changes (the update sets exactly these). */
const SETTLED = ['id', 'status', 'timeline', 'updatedAt'] as const;
const settledColumns = transactionRecordset(SETTLED);
const settledJson = transactionToJson(SETTLED);

/** The key constraint: another request with the same idempotency key committed first. */
const UNIQUE_VIOLATION = '23505';

/**
 * The ledger's one write (docs/decisions/013). Locks the accounts in id order, then the
 * pending movements in id order, and checks that every customer account is exactly as the
 * judgement read it (balance, count, day totals), every pending movement still pending, and
 * every session the postings act through still open (a logout is never outrun by a cache), and
 * every owner whose names or notification choice the batch used still as it took them; and that
 * every entry moves a locked account for a movement it writes or holds (the ledger tables'
 * foreign keys, checked once for the set: decision 047). Only then, in the same statement (so
 * one transaction), it inserts the transactions and their entries, updates the settled ones, sets the accounts, stores the idempotent answers, and keeps
 * the events as one row, expanded and NOTIFYed once this has committed (decision 048). Answers 'changed' when something moved since the
 * read, or another request with one of the keys committed first: nothing was written, judge again.
 * Throws when the changes name an account or movement they do not hold (a fault, not a race).
 */
export async function writeLedger(
  db: Executor,
  changes: LedgerChanges,
): Promise<'written' | 'changed'> {
  const expected = JSON.stringify(changes.expected.map(stateJson));
  const after = JSON.stringify(changes.after.map(stateJson));
  const system = JSON.stringify(
    changes.system.map((s) => ({ id: s.id, delta: s.deltaCents.toString(), n: s.transactions })),
  );
  const owners = JSON.stringify(
    changes.owners.map((o) => ({
      user_id: o.userId,
      first_name: o.firstName,
      last_name: o.lastName,
      notify: o.notify,
    })),
  );
  const inserted = JSON.stringify(changes.inserted.map(insertedJson));
  const updated = JSON.stringify(changes.updated.map(settledJson));
  const entries = JSON.stringify(
    changes.entries.map((e) => ({
      transaction_id: e.transactionId,
      account_id: e.accountId,
      amount_cents: e.amountCents.toString(),
      created_at: e.at.toISOString(),
    })),
  );
  const answers = JSON.stringify(
    changes.answers.map((a) => ({
      user_id: a.userId,
      key: a.key,
      operation: a.operation,
      request_hash: a.requestHash,
      response: a.response,
    })),
  );
  const ok = sql`(select ok from unchanged)`;
  const query = sql`with expected as materialized (
        select * from json_to_recordset(${expected}::json) as x(id uuid, balance_cents bigint,
          transaction_count int, outflow_day date, transferred bigint, withdrawn bigint,
          restriction_version int)
      ), system as materialized (
        select * from json_to_recordset(${system}::json) as x(id uuid, delta bigint, n int)
      ), locked as materialized (
        select a.id, a.user_id, a.balance_cents, a.transaction_count, a.outflow_day,
          a.transferred_on_day_cents, a.withdrawn_on_day_cents, a.restriction_version
        from accounts a
        where a.id = any(array(select id from expected union select id from system))
        order by a.id
        for update
      ), held as materialized (
        -- After the accounts (the initplan reads them all first): one lock order for every writer.
        select t.id, t.status from transactions t
        where t.id = any(array(select jsonb_array_elements_text(${JSON.stringify(changes.pending)}::jsonb)::uuid))
          and (select count(*) from locked) >= 0
        order by t.id
        for update
      ), new_rows as materialized (
        select * from json_to_recordset(${inserted}::json) as x(${allColumns})
      ), new_entries as materialized (
        select * from json_to_recordset(${entries}::json) as x(transaction_id uuid, account_id uuid,
          amount_cents bigint, created_at timestamptz)
      ), referenced as materialized (
        -- In place of foreign keys (decision 047): every entry moves an account locked above, for
        -- a movement this statement writes or holds, and every new movement's accounts and
        -- users exist.
        select not exists (select 1 from new_entries e
            where e.account_id not in (select id from locked)
              or e.transaction_id not in (select id from new_rows union all select id from held))
          and not exists (select 1 from new_rows r
            where not exists (select 1 from accounts a where a.id = r.from_account_id)
              or not exists (select 1 from accounts a where a.id = r.to_account_id)
              or (r.sender_user_id is not null
                and not exists (select 1 from users u where u.id = r.sender_user_id))
              or (r.recipient_user_id is not null
                and not exists (select 1 from users u where u.id = r.recipient_user_id))) as ok
      ), unchanged as materialized (
        select (select ok from referenced)
          and (select count(*) from locked)
            = (select count(*) from (select id from expected union select id from system) ids)
          and (select count(*) from held where status = 'pending') = ${changes.pending.length}
          -- No account of a customer closed since the judgement's read (decision 017).
          and not exists (select 1 from locked k join users u on u.id = k.user_id
            where u.closed_at is not null)
          and (select count(*) from (${openSessionIds(textArray(changes.sessions))}) o)
            = ${changes.sessions.length}
          and (select count(*) from json_to_recordset(${owners}::json)
              as o(user_id uuid, first_name text, last_name text, notify boolean)
            join users u on u.id = o.user_id and u.first_name = o.first_name
              and u.last_name = o.last_name and u.notify_transactions = o.notify)
            = ${changes.owners.length}
          and coalesce(bool_and(l.balance_cents = x.balance_cents
            and l.transaction_count = x.transaction_count
            and l.outflow_day is not distinct from x.outflow_day
            and l.transferred_on_day_cents = x.transferred
            and l.withdrawn_on_day_cents = x.withdrawn
            -- No freeze, lift, hold or release since the judgement read.
            and l.restriction_version = x.restriction_version), true) as ok
        from expected x left join locked l on l.id = x.id
      ), inserted as (
        insert into transactions (${transactionColumnList})
        select ${transactionColumnList} from new_rows
        where ${ok}
      ), updated as (
        update transactions t set status = x.status, timeline = x.timeline, updated_at = x.updated_at
        from json_to_recordset(${updated}::json) as x(${settledColumns})
        where t.id = x.id and ${ok}
      ), entries as (
        insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
        select transaction_id, account_id, amount_cents, created_at from new_entries
        where ${ok}
      ), customers as (
        update accounts a set balance_cents = f.balance_cents,
          transaction_count = f.transaction_count, outflow_day = f.outflow_day,
          transferred_on_day_cents = f.transferred, withdrawn_on_day_cents = f.withdrawn
        from json_to_recordset(${after}::json) as f(id uuid, balance_cents bigint,
          transaction_count int, outflow_day date, transferred bigint, withdrawn bigint)
        where a.id = f.id and ${ok}
        returning a.id
      ), bank as (
        update accounts a set balance_cents = a.balance_cents + s.delta,
          transaction_count = a.transaction_count + s.n
        from system s
        where a.id = s.id and ${ok}
        returning a.id
      ), answers as (
        -- A key another request committed first makes this insert fail, and the whole statement
        -- with it: the batch is judged again and that request's answer is found.
        insert into idempotency_keys (user_id, key, operation, request_hash, response)
        select user_id, key, operation, request_hash, response
        from json_to_recordset(${answers}::json) as x(user_id uuid, key text, operation text,
          request_hash text, response jsonb)
        where ${ok}
      ), ${keepEvents(changes.events, ok)}
      select ${ok} as ok, (select ok from referenced) as consistent,
        ((select count(*) from customers) + (select count(*) from bank))::int as moved`;
  let written: z.output<typeof writtenRow> | undefined;
  try {
    [written] = await queryRows(db, query, writtenRow);
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return 'changed';
    throw error;
  }
  // A judgement that names what it does not hold is a fault in the rules, not a race: judging
  // again would make the same mistake.
  if (written && !written.consistent)
    throw new Error('The ledger write names an account or movement it does not hold');
  if (!written?.ok) return 'changed';
  if (written.moved !== changes.after.length + changes.system.length)
    throw new Error('The ledger write did not reach every account it moves');
  return 'written';
}

function stateJson(state: AccountState) {
  return {
    id: state.id,
    balance_cents: state.balanceCents.toString(),
    transaction_count: state.transactionCount,
    outflow_day: state.outflowDay,
    transferred: state.transferredOnDayCents.toString(),
    withdrawn: state.withdrawnOnDayCents.toString(),
    restriction_version: state.restrictions.version,
  };
}
