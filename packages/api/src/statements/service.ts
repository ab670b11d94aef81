import type { Executor } from '@bank/db';
import { accounts, statementLines, statements, users } from '@bank/db/schema';
import type {
  StatementFormat,
  StatementPeriodInput,
  StatementRangeInput,
  StatementVerifyInput,
} from '@bank/validators/statements';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { toDollars } from '../money/cents.ts';
import type { BankSettings } from '../settings/service.ts';
import { dayOf, dayRangeBounds, monthBounds, nextPeriod, periodOf } from './calendar.ts';
import {
  type ComposedStatement,
  composeMonth,
  composeRange,
  type StatementAccount,
  type StatementBank,
  type StatementContent,
  type StatementWindow,
  sha256,
} from './compose.ts';
import { statementCsv, statementJson, statementPdf } from './render.ts';

type Deps = Pick<AppDeps, 'db' | 'settings' | 'now' | 'publicUrl'>;

/** A file the REST adapter sends as it is (rest/define.ts `storedFileAnswer`). */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  size: number;
  /** base64: tRPC carries JSON, the REST adapter decodes it. */
  base64: string;
}

const notFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: 'No statement for this period' });

const bankOf = (settings: BankSettings): StatementBank => ({
  name: settings.bankName,
  address: settings.bankAddress,
  timeZone: settings.timeZone,
});

/** The customer's own accounts, oldest first; `accountNumber` picks one (else all). */
async function customerAccounts(
  db: Executor,
  userId: string,
  accountNumber?: string,
): Promise<StatementAccount[]> {
  const rows = await db
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      createdAt: accounts.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.kind, 'customer'),
        accountNumber ? eq(accounts.accountNumber, accountNumber) : undefined,
      ),
    )
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows.map((row) => ({
    id: row.id,
    accountNumber: row.accountNumber,
    createdAt: row.createdAt,
    holder: `${row.firstName} ${row.lastName}`.trim(),
  }));
}

async function oneAccount(db: Executor, userId: string, accountNumber?: string) {
  const [account] = await customerAccounts(db, userId, accountNumber);
  if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return account;
}

function monthWindow(period: string, timeZone: string, now: Date): StatementWindow {
  const bounds = monthBounds(period, timeZone);
  const provisional = bounds.end > now;
  return {
    period,
    fromDate: bounds.fromDate,
    toDate: provisional ? dayOf(now, timeZone) : bounds.toDate,
    start: bounds.start,
    end: provisional ? now : bounds.end,
    provisional,
  };
}

/** The account's issued monthly statements: not the provisional current month. */
function issuedMonthOf(accountId: string) {
  return and(
    eq(statements.accountId, accountId),
    eq(statements.provisional, false),
    isNotNull(statements.period),
  );
}

/**
 * Issues every closed month of the account not issued yet, in order (each continues the one
 * before). A month is issued once: its row, its PDF and its claim on the ledger entries it
 * lists are written together, and a second issuer of the same month writes nothing.
 */
async function issueClosedMonths(deps: Deps, account: StatementAccount, settings: BankSettings) {
  const now = deps.now();
  const current = periodOf(now, settings.timeZone);
  const [latest] = await deps.db
    .select({ period: statements.period })
    .from(statements)
    .where(issuedMonthOf(account.id))
    .orderBy(desc(statements.period))
    .limit(1);
  let period = latest?.period
    ? nextPeriod(latest.period)
    : periodOf(account.createdAt, settings.timeZone);
  for (; period < current; period = nextPeriod(period)) {
    const window = monthWindow(period, settings.timeZone, now);
    await deps.db.transaction(async (tx) => {
      const composed = await composeMonth(tx, account, bankOf(settings), window);
      const pdf = await statementPdf(composed.content, composed.digest, verifyUrl(deps));
      const [row] = await tx
        .insert(statements)
        .values(rowOf(account, window, composed, pdf, true))
        .onConflictDoNothing()
        .returning({ id: statements.id });
      if (row && composed.entryIds.length > 0) {
        await tx
          .insert(statementLines)
          .values(
            composed.entryIds.map((ledgerEntryId) => ({ ledgerEntryId, statementId: row.id })),
          );
      }
    });
  }
}

const verifyUrl = (deps: Pick<AppDeps, 'publicUrl'>) =>
  `${deps.publicUrl}/api/v1/statements/verify`;

function rowOf(
  account: StatementAccount,
  window: StatementWindow,
  composed: ComposedStatement,
  pdf: Buffer,
  keepPdf: boolean,
) {
  return {
    accountId: account.id,
    period: window.period,
    fromDate: window.fromDate,
    toDate: window.toDate,
    provisional: window.provisional,
    content: composed.text,
    digest: composed.digest,
    openingBalanceCents: composed.openingCents,
    closingBalanceCents: composed.closingCents,
    pdf: keepPdf ? pdf : null,
    pdfSha256: sha256(pdf),
  };
}

/** GET /statements: every issued month of every account, and the current month to date. */
export async function listStatements(deps: Deps, userId: string) {
  const settings = await deps.settings.get();
  const now = deps.now();
  const data: {
    period: string;
    accountNumber: string;
    openingBalance: number;
    closingBalance: number;
    provisional: boolean;
  }[] = [];
  for (const account of await customerAccounts(deps.db, userId)) {
    await issueClosedMonths(deps, account, settings);
    const window = monthWindow(periodOf(now, settings.timeZone), settings.timeZone, now);
    const current = await composeMonth(deps.db, account, bankOf(settings), window);
    data.push({
      period: window.period ?? '',
      accountNumber: account.accountNumber,
      openingBalance: toDollars(current.openingCents),
      closingBalance: toDollars(current.closingCents),
      provisional: true,
    });
    const issued = await deps.db
      .select()
      .from(statements)
      .where(issuedMonthOf(account.id))
      .orderBy(desc(statements.period));
    for (const row of issued) {
      data.push({
        period: row.period ?? '',
        accountNumber: account.accountNumber,
        openingBalance: toDollars(row.openingBalanceCents),
        closingBalance: toDollars(row.closingBalanceCents),
        provisional: false,
      });
    }
  }
  return { data };
}

/** One month's statement: a closed month as issued, the current month to date (provisional). */
export async function monthStatement(
  deps: Deps,
  userId: string,
  input: { period: string; format: StatementFormat; account?: string | undefined },
): Promise<FileAnswer> {
  const settings = await deps.settings.get();
  const account = await oneAccount(deps.db, userId, input.account);
  const now = deps.now();
  const current = periodOf(now, settings.timeZone);
  if (input.period > current || input.period < periodOf(account.createdAt, settings.timeZone)) {
    throw notFound();
  }
  const name = `statement-${account.accountNumber}-${input.period}`;
  if (input.period === current) {
    const window = monthWindow(input.period, settings.timeZone, now);
    const composed = await composeMonth(deps.db, account, bankOf(settings), window);
    return answerComposed(deps, account, window, composed, input.format, name);
  }
  await issueClosedMonths(deps, account, settings);
  const [row] = await deps.db
    .select()
    .from(statements)
    .where(
      and(
        eq(statements.accountId, account.id),
        eq(statements.period, input.period),
        eq(statements.provisional, false),
      ),
    );
  if (!row?.pdf) throw notFound();
  const content: StatementContent = JSON.parse(row.content);
  return fileOf(name, input.format, row.pdf, content, row.digest);
}

/** A statement of any days, drawn on demand (and recorded, so that it verifies). */
export async function rangeStatement(
  deps: Deps,
  userId: string,
  input: { from: string; to: string; format: StatementFormat; account?: string | undefined },
): Promise<FileAnswer> {
  const settings = await deps.settings.get();
  const account = await oneAccount(deps.db, userId, input.account);
  const now = deps.now();
  const today = dayOf(now, settings.timeZone);
  if (input.from > today) throw notFound();
  const to = input.to > today ? today : input.to;
  const bounds = dayRangeBounds(input.from, to, settings.timeZone);
  const provisional = bounds.end > now;
  const window: StatementWindow = {
    period: null,
    fromDate: input.from,
    toDate: to,
    start: bounds.start,
    end: provisional ? now : bounds.end,
    provisional,
  };
  const composed = await composeRange(deps.db, account, bankOf(settings), window);
  return answerComposed(
    deps,
    account,
    window,
    composed,
    input.format,
    `statement-${account.accountNumber}-${input.from}-to-${to}`,
  );
}

/** Draws a statement that is not kept whole, and records its digests so that it verifies. */
async function answerComposed(
  deps: Deps,
  account: StatementAccount,
  window: StatementWindow,
  composed: ComposedStatement,
  format: StatementFormat,
  name: string,
): Promise<FileAnswer> {
  const pdf = await statementPdf(composed.content, composed.digest, verifyUrl(deps));
  await deps.db
    .insert(statements)
    .values(rowOf(account, window, composed, pdf, false))
    .onConflictDoNothing();
  return fileOf(name, format, pdf, composed.content, composed.digest);
}

function fileOf(
  name: string,
  format: StatementFormat,
  pdf: Buffer,
  content: StatementContent,
  digest: string,
): FileAnswer {
  const bytes =
    format === 'pdf'
      ? pdf
      : Buffer.from(
          format === 'csv' ? statementCsv(content, digest) : statementJson(content, digest),
          'utf8',
        );
  const contentType =
    format === 'pdf'
      ? 'application/pdf'
      : format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/json; charset=utf-8';
  return {
    fileName: `${name}.${format}`,
    contentType,
    size: bytes.length,
    base64: bytes.toString('base64'),
  };
}

/**
 * Whether the bank issued a statement unchanged: its digest as printed, or its PDF byte for
 * byte. Answers what it is of, never whose (the account number's last four digits only).
 */
export async function verifyStatement(db: Executor, input: StatementVerifyInput) {
  const where =
    'digest' in input
      ? eq(statements.digest, input.digest.trim().toLowerCase())
      : eq(statements.pdfSha256, sha256(Buffer.from(input.pdf, 'base64')));
  const [row] = await db
    .select({
      period: statements.period,
      fromDate: statements.fromDate,
      toDate: statements.toDate,
      provisional: statements.provisional,
      digest: statements.digest,
      createdAt: statements.createdAt,
      accountNumber: accounts.accountNumber,
    })
    .from(statements)
    .innerJoin(accounts, eq(accounts.id, statements.accountId))
    .where(where)
    .orderBy(asc(statements.createdAt))
    .limit(1);
  if (!row) {
    return {
      valid: false as const,
      message: 'This statement was not issued by the bank, or it was changed after issue.',
    };
  }
  return {
    valid: true as const,
    message: 'The bank issued this statement, and it is unchanged.',
    statement: {
      period: row.period,
      from: row.fromDate,
      to: row.toDate,
      provisional: row.provisional,
      accountEnding: row.accountNumber.slice(-4),
      digest: row.digest,
      issuedAt: row.createdAt.toISOString(),
    },
  };
}

export type { StatementPeriodInput, StatementRangeInput };
