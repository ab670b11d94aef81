import type { Executor } from '@bank/db';
import { transactionCategories, transactions } from '@bank/db/schema';
import { spendingCategories } from '@bank/validators/categories';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db-rows.ts';
import { categorySql } from '../ledger/spending-category.ts';
import { toDollars } from '../money/cents.ts';

const categoryTotals = z.object({
  category: z.enum(spendingCategories),
  this_month: z.string(),
  last_month: z.string(),
});

/**
 * This month's and last month's expenses (as the figures count them) by the customer's spending
 * category, largest this month first; a category with nothing in either month is left out.
 */
export async function spendingByCategory(
  db: Executor,
  userId: string,
  month: { expense: SQL; thisMonth: SQL; lastMonth: SQL; from: SQL; to: SQL; accountId: string },
) {
  // Money out only: the expense expression is zero on the side money reaches.
  const category = categorySql(transactionCategories.category, sql`false`);
  const rows = await queryRows(
    db,
    sql`select category, sum(this_month)::text as this_month, sum(last_month)::text as last_month
      from (
        select ${category} as category,
          case when ${month.thisMonth} then ${month.expense} else 0 end as this_month,
          case when ${month.lastMonth} then ${month.expense} else 0 end as last_month
        from ${transactions}
        left join ${transactionCategories} on ${transactionCategories.userId} = ${userId}::uuid
          and ${transactionCategories.transactionId} = ${transactions.id}
        where ${transactions.fromAccountId} = ${month.accountId}
          and ${transactions.createdAt} >= ${month.from} and ${transactions.createdAt} < ${month.to}
      ) spent
      group by category
      having sum(this_month) > 0 or sum(last_month) > 0
      order by sum(this_month) desc, sum(last_month) desc, category`,
    categoryTotals,
  );
  return rows.map((row) => ({
    category: row.category,
    amount: toDollars(BigInt(row.this_month)),
    lastMonth: toDollars(BigInt(row.last_month)),
  }));
}
