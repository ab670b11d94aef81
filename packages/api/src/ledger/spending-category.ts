import type { TransactionType } from '@bank/db/enums';
import { transactions } from '@bank/db/schema';
import {
  type SpendingCategory,
  spendingCategories,
  spendingCategoryField,
} from '@bank/validators/categories';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The category a movement reads before its customer files it elsewhere: what its kind tells
 * (a loan's money, a fee, cash taken out, money received). What a payment was for is not
 * knowable, so money sent reads 'Transfers' until the customer says Groceries or Rent.
 * One table, read by the DTO (`defaultCategory`) and by SQL (`defaultCategorySql`), so the
 * dashboard's sums and the rows never disagree. First match wins.
 */
const rules: ReadonlyArray<{
  types: readonly TransactionType[];
  /** Only for the side money reaches (credit) or leaves (debit); both when left out. */
  side?: 'credit' | 'debit';
  paymentMethod?: string;
  category: SpendingCategory;
}> = [
  { types: ['loan_disbursement', 'loan_repayment'], category: 'loans' },
  { types: ['fee'], category: 'fees' },
  { types: ['interest_earned'], category: 'income' },
  { types: ['withdraw'], paymentMethod: 'cash_pickup', category: 'cash' },
  { types: ['reversal'], category: 'other' },
  { types: ['transfer', 'deposit'], side: 'credit', category: 'income' },
];
const fallback: SpendingCategory = 'transfers';

export function defaultCategory(
  row: { type: TransactionType; paymentMethod: string },
  incoming: boolean,
): SpendingCategory {
  const side = incoming ? 'credit' : 'debit';
  const rule = rules.find(
    (r) =>
      r.types.includes(row.type) &&
      (r.side === undefined || r.side === side) &&
      (r.paymentMethod === undefined || r.paymentMethod === row.paymentMethod),
  );
  return rule?.category ?? fallback;
}

/**
 * The customer's own filing if there is one (and still in the catalogue), else the default.
 * A stored key the catalogue no longer has reads as the default rather than failing the row.
 */
export function categoryOf(
  row: { type: TransactionType; paymentMethod: string },
  incoming: boolean,
  filed: string | null | undefined,
): SpendingCategory {
  const parsed = spendingCategoryField.safeParse(filed);
  return parsed.success ? parsed.data : defaultCategory(row, incoming);
}

/** `defaultCategory` as SQL over the `transactions` row in scope; `incoming` is a boolean. */
export function defaultCategorySql(incoming: SQL): SQL {
  const branches = rules.map((rule) => {
    const conditions = [
      sql`${transactions.type}::text in (${sql.join(
        rule.types.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    ];
    if (rule.side === 'credit') conditions.push(sql`(${incoming})`);
    if (rule.side === 'debit') conditions.push(sql`not (${incoming})`);
    if (rule.paymentMethod)
      conditions.push(sql`${transactions.paymentMethod} = ${rule.paymentMethod}`);
    return sql`when ${sql.join(conditions, sql` and `)} then ${rule.category}`;
  });
  return sql`(case ${sql.join(branches, sql` `)} else ${fallback} end)`;
}

/** `categoryOf` as SQL: `filed` is the customer's stored key (null when none). */
export function categorySql(filed: SQL | AnyColumn, incoming: SQL): SQL {
  const known = sql.join(
    spendingCategories.map((category) => sql`${category}`),
    sql`, `,
  );
  return sql`coalesce(case when ${filed} in (${known}) then ${filed} end, ${defaultCategorySql(incoming)})`;
}
