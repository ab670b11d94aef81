import { timingSafeEqual } from 'node:crypto';
import { keyedHash, seal } from '@bank/auth/cipher';
import type { Executor } from '@bank/db';
import { cards } from '@bank/db/schema';
import type { cardInput, cardUpdateInput, pageQuery } from '@bank/validators/money';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { pageFields, selectPage } from '../paging.ts';
import { instant } from '../rest/schemas.ts';

type CardRow = typeof cards.$inferSelect;
const MAX_CARDS = 10;

/** Only the last four digits ever leave the server; the CVV never does. */
export function toCardDto(card: CardRow) {
  const mm = String(card.expiryMonth).padStart(2, '0');
  const yy = String(card.expiryYear % 100).padStart(2, '0');
  return {
    id: card.id,
    _id: card.id,
    type: card.type,
    name: card.name,
    number: `**** **** **** ${card.last4}`,
    last4: card.last4,
    expiry: `${mm}/${yy}`,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    createdAt: card.createdAt.toISOString(),
  };
}

export const cardDtoSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    type: z.enum(['debit', 'credit']),
    name: z.string(),
    number: z.string(),
    last4: z.string(),
    expiry: z.string(),
    expiryMonth: z.number(),
    expiryYear: z.number(),
    createdAt: instant,
  })
  .meta({ id: 'Card' }) satisfies z.ZodType<ReturnType<typeof toCardDto>>;

function cvvHash(key: Buffer, cardId: string, cvv: string): string {
  // Keyed and bound to the card, so equal CVVs of two cards hash apart.
  return keyedHash(key, `${cardId}:${cvv}`);
}

export function verifyCardCvv(
  key: Buffer,
  card: Pick<CardRow, 'id' | 'cvvHash'>,
  cvv: string,
): boolean {
  const expected = Buffer.from(card.cvvHash, 'hex');
  const actual = Buffer.from(cvvHash(key, card.id, cvv), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function parseExpiry(expiry: string): { month: number; year: number } {
  const [mm, yy] = expiry.split('/');
  return { month: Number(mm), year: 2000 + Number(yy) };
}

/** A card is good through the last day of its expiry month. */
export function assertCardNotExpired(month: number, year: number) {
  const now = new Date();
  if (!month || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Card has expired' });
  }
}

export async function listCards(db: Executor, userId: string, query: z.infer<typeof pageQuery>) {
  const { rows, total } = await selectPage(
    db,
    db.select().from(cards).where(eq(cards.userId, userId)).$dynamic(),
    [desc(cards.createdAt), desc(cards.id)],
    query,
  );
  return { cards: rows.map(toCardDto), pagination: pageFields(query, total) };
}

export async function addCard(
  db: Executor,
  key: Buffer,
  userId: string,
  input: z.infer<typeof cardInput>,
) {
  const { month, year } = parseExpiry(input.expiry);
  assertCardNotExpired(month, year);
  const [existing] = await db
    .select({ total: count() })
    .from(cards)
    .where(eq(cards.userId, userId));
  if ((existing?.total ?? 0) >= MAX_CARDS) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `You can save at most ${MAX_CARDS} cards`,
    });
  }
  const id = crypto.randomUUID();
  const [card] = await db
    .insert(cards)
    .values({
      id,
      userId,
      type: input.type,
      name: input.name,
      numberSealed: seal(key, input.number),
      last4: input.number.slice(-4),
      expiryMonth: month,
      expiryYear: year,
      cvvHash: cvvHash(key, id, input.cvv),
    })
    .returning();
  if (!card) throw new Error('Card insert returned nothing');
  return { message: 'Card added successfully', card: toCardDto(card) };
}

/** One of the customer's cards; another customer's answers not found. */
export async function ownCard(db: Executor, userId: string, id: string): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.userId, userId)));
  if (!card) throw new TRPCError({ code: 'NOT_FOUND', message: 'Card not found' });
  return card;
}

export async function updateCard(
  db: Executor,
  key: Buffer,
  userId: string,
  input: z.infer<typeof cardUpdateInput>,
) {
  const card = await ownCard(db, userId, input.id);
  const fromExpiry = input.expiry ? parseExpiry(input.expiry) : undefined;
  const month = fromExpiry?.month ?? input.expiryMonth ?? card.expiryMonth;
  const year = fromExpiry?.year ?? input.expiryYear ?? card.expiryYear;
  assertCardNotExpired(month, year);
  const [updated] = await db
    .update(cards)
    .set({
      type: input.type ?? card.type,
      name: input.name ?? card.name,
      expiryMonth: month,
      expiryYear: year,
      ...(input.cvv ? { cvvHash: cvvHash(key, card.id, input.cvv) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(cards.id, card.id))
    .returning();
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Card not found' });
  return { message: 'Card updated successfully', card: toCardDto(updated) };
}

export async function removeCard(db: Executor, userId: string, id: string) {
  const card = await ownCard(db, userId, id);
  await db.delete(cards).where(eq(cards.id, card.id));
  return { message: 'Card removed successfully', id: card.id };
}
