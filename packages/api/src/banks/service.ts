import { open, seal } from '@bank/auth/cipher';
import type { Executor } from '@bank/db';
import { linkedBanks, users } from '@bank/db/schema';
import type { BankListQuery } from '@bank/validators/admin';
import type { bankInput, bankUpdateInput } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ownerColumns, pageFields, selectPage } from '../paging.ts';
import { instant } from '../rest/schemas.ts';
import { containsPattern } from '../sql-filters.ts';

type BankRow = typeof linkedBanks.$inferSelect;
const MAX_BANKS = 10;

/** The owner sees the full number in the details; the tile shows it masked. */
export function toBankDto(key: Buffer, bank: BankRow) {
  return {
    id: bank.id,
    _id: bank.id,
    name: bank.name,
    accountNumber: open(key, bank.accountNumberSealed).toString('utf8'),
    maskedAccountNumber: `****${bank.accountLast4}`,
    routingNumber: bank.routingNumber,
    accountType: bank.accountType,
    accountName: bank.accountName,
    createdAt: bank.createdAt.toISOString(),
  };
}

export const bankDtoSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    accountNumber: z.string(),
    maskedAccountNumber: z.string(),
    routingNumber: z.string(),
    accountType: z.enum(['checking', 'savings']),
    accountName: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Bank' }) satisfies z.ZodType<ReturnType<typeof toBankDto>>;

export async function listBanks(db: Executor, key: Buffer, userId: string) {
  const rows = await db
    .select()
    .from(linkedBanks)
    .where(eq(linkedBanks.userId, userId))
    .orderBy(desc(linkedBanks.createdAt));
  return { data: rows.map((row) => toBankDto(key, row)) };
}

/** A page of every linked bank, masked, with its owner (administrators), newest first. */
export async function listAllBanks(db: Executor, query: BankListQuery) {
  const where = bankSearch(query.searchQuery);
  const { rows, total } = await selectPage(
    db,
    db
      .select({ bank: linkedBanks, owner: ownerColumns })
      .from(linkedBanks)
      .innerJoin(users, eq(users.id, linkedBanks.userId))
      .where(where)
      .$dynamic(),
    [desc(linkedBanks.createdAt), desc(linkedBanks.id)],
    query,
  );
  return {
    data: rows.map(({ bank, owner }) => ({
      id: bank.id,
      name: bank.name,
      maskedAccountNumber: `****${bank.accountLast4}`,
      routingNumber: bank.routingNumber,
      accountType: bank.accountType,
      user: owner,
      createdAt: bank.createdAt.toISOString(),
    })),
    ...pageFields(query, total),
  };
}

/** The bank's name, its routing number or last four, or the owner's name or e-mail. */
function bankSearch(text: string | undefined): SQL | undefined {
  const words = text?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        ilike(linkedBanks.name, pattern),
        ilike(linkedBanks.routingNumber, pattern),
        ilike(linkedBanks.accountLast4, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
      );
    }),
  );
}

/** One of the customer's linked banks with its account number opened; another's: not found. */
export async function ownBankDetails(db: Executor, key: Buffer, userId: string, id: string) {
  const [bank] = await db
    .select()
    .from(linkedBanks)
    .where(and(eq(linkedBanks.id, id), eq(linkedBanks.userId, userId)));
  if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
  return {
    name: bank.name,
    accountNumber: open(key, bank.accountNumberSealed).toString('utf8'),
    routingNumber: bank.routingNumber,
    accountName: bank.accountName,
  };
}

export async function addBank(
  db: Executor,
  key: Buffer,
  userId: string,
  input: z.infer<typeof bankInput>,
) {
  const existing = await db
    .select({ id: linkedBanks.id })
    .from(linkedBanks)
    .where(eq(linkedBanks.userId, userId));
  if (existing.length >= MAX_BANKS) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `You can link at most ${MAX_BANKS} banks`,
    });
  }
  const [bank] = await db
    .insert(linkedBanks)
    .values({
      userId,
      ...bankColumns(key, input),
    })
    .returning();
  if (!bank) throw new Error('Bank insert returned nothing');
  return { message: 'Bank added successfully', bank: toBankDto(key, bank) };
}

/** The bank's details as stored: the number sealed, its last four kept apart for the tile. */
function bankColumns(key: Buffer, input: z.infer<typeof bankInput>) {
  return {
    name: input.name,
    accountNumberSealed: seal(key, input.accountNumber),
    accountLast4: input.accountNumber.slice(-4),
    routingNumber: input.routingNumber,
    accountType: input.accountType,
    accountName: input.accountName || null,
  };
}

export async function updateBank(
  db: Executor,
  key: Buffer,
  userId: string,
  input: z.infer<typeof bankUpdateInput>,
) {
  const [bank] = await db
    .update(linkedBanks)
    .set({
      ...bankColumns(key, input),
      updatedAt: new Date(),
    })
    .where(and(eq(linkedBanks.id, input.id), eq(linkedBanks.userId, userId)))
    .returning();
  if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
  return { message: 'Bank updated successfully', bank: toBankDto(key, bank) };
}

export async function removeBank(db: Executor, userId: string, id: string) {
  const [bank] = await db
    .delete(linkedBanks)
    .where(and(eq(linkedBanks.id, id), eq(linkedBanks.userId, userId)))
    .returning({ id: linkedBanks.id });
  if (!bank) throw new TRPCError({ code: 'NOT_FOUND', message: 'Bank not found' });
  return { message: 'Bank deleted successfully', id: bank.id };
}
