import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  type ReferenceConfig,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Column definitions many tables share, written once (drizzle's "reusing column definitions").
 * Each call makes a new builder: a table's columns are its own.
 */

/** A row's own id: a random UUID. */
export const primaryId = () => uuid().primaryKey().defaultRandom();

/** An instant with its time zone, now unless given (createdAt, updatedAt). */
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When a row was made and last changed (the services move `updatedAt` on). */
export const timestamps = () => ({ createdAt: timestampNow(), updatedAt: timestampNow() });

/** An instant with its time zone, null until it happens (`usedAt`; `expiresAt` adds notNull). */
export const instant = () => timestamp({ withTimezone: true });

/** Money: whole cents as a bigint, never a JavaScript number (STYLE 7). */
export const cents = () => bigint({ mode: 'bigint' });

/** A calendar day, read and written as 'YYYY-MM-DD'. */
export const day = () => date({ mode: 'string' });

/** A uuid that must name a row of another table: `ref` is that table's id column. */
export const requiredRef = (ref: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  uuid().notNull().references(ref, actions);

/**
 * An account number as payees and linked banks keep it: sealed with the bank's key
 * (it must be read to pay), its last four digits in the clear to show.
 */
export const sealedAccountNumber = () => ({
  accountNumberSealed: text().notNull(),
  accountLast4: text().notNull(),
});

/** Raw bytes (PDFs, hashes), read as a Buffer whatever the driver hands back. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** `column in ('a', 'b', …)` for a check or a partial index over a text column's known values. */
export const isOneOf = (column: string, values: readonly string[]): SQL =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
