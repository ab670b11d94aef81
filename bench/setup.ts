/**
 * The bench's own database, customers and API process. Money is written here with plain SQL
 * against the schema (packages/db/src/schema), never through the API's write path, so the
 * bench keeps working while that path changes; the API is then measured through REST only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCheckingAccount } from '@bank/api/accounts/service';
import { createSession } from '@bank/api/auth/sessions';
import { hashPassword } from '@bank/auth/password';
import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Customer } from './workload.ts';

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(serverUrl: string, name: string) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
}

const answersHealth = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );

/** The API (apps/server/src/main.ts) on `databaseUrl`, once it answers /healthz. */
export async function startApi(options: {
  root: string;
  databaseUrl: string;
  port: number;
  settlementDelayMs: number;
}): Promise<ChildProcess> {
  // Something already answering there would be measured instead of the API started here.
  if (await answersHealth(options.port))
    throw new Error(
      `port ${options.port} is already in use: stop what listens there or set BENCH_PORT`,
    );
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the API's time goes.
      ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
      // The production bundle (`pnpm bench` builds it first), as `pnpm start` runs it;
      // BENCH_API_ENTRY: another build's main.mjs (a copy of a dist folder), to compare builds.
      '--enable-source-maps',
      '--max-semi-space-size=8',
      process.env.BENCH_API_ENTRY ?? join(options.root, 'apps/server/dist/main.mjs'),
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: options.databaseUrl,
        DATABASE_POOL_SIZE: '20',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-bench-')),
        // Short, so withdrawals settle while the mixed load runs and settlement races it.
        SETTLEMENT_DELAY_MS: String(options.settlementDelayMs),
        // To weigh the statement time-out and the client's query deadlines: 0 turns both off.
        ...(process.env.BENCH_STATEMENT_TIMEOUT_MS === undefined
          ? {}
          : { DATABASE_STATEMENT_TIMEOUT_MS: process.env.BENCH_STATEMENT_TIMEOUT_MS }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await answersHealth(options.port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('API did not start');
}

/** How the funding deposits are described: the conservation check tells them apart by it. */
export const fundingDescription = 'Bench funding';

/** Customers with sessions (Bearer tokens), each funded with `fundingCents`. */
export async function createCustomers(
  db: Executor,
  count: number,
  fundingCents: bigint,
): Promise<Customer[]> {
  const passwordHash = await hashPassword('Bench#Password1');
  return db.transaction(async (tx) => {
    const customers: Customer[] = [];
    for (let i = 0; i < count; i += 1) {
      const [user] = await tx
        .insert(users)
        .values({
          email: `bench${i}@bench.bank`,
          passwordHash,
          firstName: 'Bench',
          lastName: `Customer${i}`,
          phoneNumber: '+15555550100',
          emailVerifiedAt: new Date(),
        })
        .returning();
      if (!user) throw new Error('user insert failed');
      const account = await openCheckingAccount(tx, user.id);
      const { token } = await createSession(tx, {
        userId: user.id,
        persistent: true,
        twoFactorVerified: true,
        ip: null,
        userAgent: 'bench',
      });
      customers.push({ token, accountNumber: account.accountNumber });
    }
    await fundCustomers(tx, fundingCents);
    return customers;
  });
}

/**
 * One completed deposit per customer account from the external_clearing system account, as the
 * bank books one: the transaction row, its two ledger entries (which sum to zero), and both
 * accounts' cached balance and transaction count brought along.
 */
async function fundCustomers(db: Executor, fundingCents: bigint) {
  await db.execute(sql`
    with clearing as (
      select id from accounts where system_code = 'external_clearing'
    ), funded as (
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, recipient_user_id, recipient_name, recipient_account_number,
        timeline)
      select 'deposit', 'completed', ${fundingCents.toString()}::bigint, ${fundingDescription},
        'deposit', 'bank_transfer', clearing.id, a.id, a.user_id,
        u.first_name || ' ' || u.last_name, a.account_number,
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid()::text, 'status', 'completed',
          'description', 'Funded',
          'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from accounts a join users u on u.id = a.user_id cross join clearing
      where a.kind = 'customer'
      returning id, from_account_id, to_account_id, amount_cents
    ), entries as (
      insert into ledger_entries (transaction_id, account_id, amount_cents)
      select id, from_account_id, -amount_cents from funded
      union all
      select id, to_account_id, amount_cents from funded
    )
    update accounts a
    set balance_cents = a.balance_cents + moved.cents,
      transaction_count = a.transaction_count + moved.n
    from (
      select account_id, sum(cents)::bigint as cents, count(*)::int as n from (
        select to_account_id as account_id, amount_cents as cents from funded
        union all
        select from_account_id, -amount_cents from funded
      ) sides group by account_id
    ) moved
    where a.id = moved.account_id
  `);
}

/** `rows` transfers in mirrored pairs, so every account's ledger still nets to its balance. */
export async function fillHistory(url: string, rows: number) {
  const sqlClient = postgres(url, { max: 1, onnotice: () => {} });
  await sqlClient.unsafe(`
    with customer as (
      select array_agg(id order by account_number) as ids, array_agg(user_id order by account_number) as uids, count(*)::int as n
      from accounts where kind = 'customer'
    ), pairs as (
      select g, (g / 2) as p, (g % 2) as flip from generate_series(0, ${rows - 1}) g
    ), inserted as (
      insert into transactions (type, status, amount_cents, description, category, payment_method,
        from_account_id, to_account_id, sender_user_id, recipient_user_id, created_at, updated_at, timeline,
        search_out, search_in)
      select 'transfer', 'completed', 100 + (p % 5000), 'History ' || g, 'transfer', 'internal_transfer',
        c.ids[1 + case when flip = 0 then p % c.n else (p + 1) % c.n end],
        c.ids[1 + case when flip = 0 then (p + 1) % c.n else p % c.n end],
        c.uids[1 + case when flip = 0 then p % c.n else (p + 1) % c.n end],
        c.uids[1 + case when flip = 0 then (p + 1) % c.n else p % c.n end],
        now() - interval '400 days' + (g * interval '30 seconds'), now(), '[]'::jsonb,
        'history ' || g, 'history ' || g
      from pairs, customer c
      returning id, from_account_id, to_account_id, amount_cents, created_at
    )
    insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
    select id, from_account_id, -amount_cents, created_at from inserted
    union all
    select id, to_account_id, amount_cents, created_at from inserted
  `);
  // The inserts bypassed the API's write: bring each account's count up to date.
  await sqlClient.unsafe(`
    update accounts a set transaction_count = c.n
    from (
      select account_id, count(*)::int as n from (
        select from_account_id as account_id from transactions
        union all select to_account_id from transactions
      ) sides group by account_id
    ) c
    where c.account_id = a.id
  `);
  await sqlClient.unsafe('vacuum analyze accounts');
  await sqlClient.unsafe('vacuum analyze transactions');
  await sqlClient.unsafe('vacuum analyze ledger_entries');
  await sqlClient.end();
}
