import type { Executor } from '@bank/db';
import { users } from '@bank/db/schema';
import { count, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

/** The page a list is asked for: the 1-based `page` of `limit` rows. */
export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * One page of a list (a `.$dynamic()` select) in `order`, and how many rows the whole list has,
 * counted over the same select: its joins and filters are written once, so the page and the
 * total cannot disagree. The count is taken before the order is applied: sorting rows only to
 * count them would be work for nothing.
 */
export async function selectPage<T extends PgSelect>(
  db: Executor,
  list: T,
  order: (SQL | PgColumn)[],
  query: PageQuery,
): Promise<{ rows: Awaited<T>; total: number }> {
  // Counted first: the builder is changed in place by what follows.
  const [counted] = await db.select({ total: count() }).from(sql`(${list}) as listed`);
  const rows = await list
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: counted?.total ?? 0 };
}

/** The paging fields of a paged answer. */
export function pageFields(query: PageQuery, total: number) {
  return {
    page: query.page,
    limit: query.limit,
    total,
    hasMore: query.page * query.limit < total,
  };
}

/** A user's name and e-mail, as lists of staff show who a row belongs to. */
export const ownerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** A user whose e-mail or full name contains `pattern` (an ILIKE pattern). */
export function userMatches(pattern: string): SQL | undefined {
  return or(
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}
