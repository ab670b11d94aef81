import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, cents, day, primaryId, requiredRef, timestampNow } from './columns.ts';
import { accounts, ledgerEntries } from './money.ts';

/**
 * Every statement the bank issued: a closed month's once and for ever (its PDF kept, so it
 * downloads as the same bytes every time), a range's or the current month's each time its
 * content differs. `digest` is SHA-256 of `content` (the statement's canonical JSON), printed
 * on every copy; `pdfSha256` is the PDF's own, so an uploaded PDF is recognised byte for byte.
 */
export const statements = pgTable(
  'statements',
  {
    id: primaryId(),
    accountId: requiredRef(() => accounts.id),
    /** 'YYYY-MM' for a month's statement, null for a range. */
    period: text(),
    fromDate: day().notNull(),
    toDate: day().notNull(),
    /** The current month to date, or a range reaching today: may still change. */
    provisional: boolean().notNull(),
    content: text().notNull(),
    digest: text().notNull(),
    openingBalanceCents: cents().notNull(),
    closingBalanceCents: cents().notNull(),
    /** Kept for closed months only; anything else is drawn again on demand. */
    pdf: bytea(),
    pdfSha256: text().notNull(),
    createdAt: timestampNow(),
  },
  (table) => [
    uniqueIndex('statements_digest_key').on(table.digest),
    // A closed month is issued once.
    uniqueIndex('statements_account_period_key')
      .on(table.accountId, table.period)
      .where(sql`${table.provisional} = false and ${table.period} is not null`),
    index('statements_pdf_sha256_idx').on(table.pdfSha256),
  ],
);

/**
 * Which closed month's statement each ledger entry appeared on: once, so an entry booked late
 * into a month already issued appears on the next month's statement instead.
 */
export const statementLines = pgTable('statement_lines', {
  ledgerEntryId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => ledgerEntries.id),
  statementId: requiredRef(() => statements.id),
});
