import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column definitions many tables share, written once (drizzle's "reusing column definitions").
 * Each call makes a new builder: a table's columns are its own.
 */

/** A row's own id: a random UUID. */
export const primaryId = () => uuid().primaryKey().defaultRandom();

/** An instant with its time zone, now unless given (createdAt, updatedAt). */
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();
