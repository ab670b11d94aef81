import { type SQL, sql } from 'drizzle-orm';

/**
 * The customer's primary account, the one money leaves from and arrives in: their first
 * customer account (the checking account opened at registration). The one definition, as SQL
 * for statements that need it inline.
 */
export function primaryAccountIdOf(userId: SQL): SQL {
  return sql`(select p.id from accounts p where p.user_id = ${userId} and p.kind = 'customer'
    order by p.created_at, p.id limit 1)`;
}
