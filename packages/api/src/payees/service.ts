import { open, seal } from '@bank/auth/cipher';
import type { Executor } from '@bank/db';
import { payees } from '@bank/db/schema';
import { noSuchHorizonAccount } from '@bank/validators/account-number';
import type { payeeInput, payeeUpdateInput } from '@bank/validators/payees';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { compareNames, customerAccountHolder } from '../accounts/payee.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionWithUser } from '../auth/sessions.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import type { PayeeTarget } from '../ledger/kinds/transfer.ts';
import { last4, maskedName } from '../ledger/masking.ts';
import { securityAlertEmail } from '../mail/templates.ts';
import { toCents, toDollars } from '../money/cents.ts';
import { instant } from '../rest/schemas.ts';
import { withStepUp } from './step-up.ts';

type PayeeRow = typeof payees.$inferSelect;

export const payeeMessages = {
  notFound: 'Payee not found',
  ownAccount: 'You cannot add your own account as a payee',
  duplicateName: 'You already have a payee with this name',
  closedAccount: 'This account is closed and cannot receive payments',
};

/** A payee as its owner sees it: the number's last four digits only. */
export const payeeDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountNumber: z.string().meta({ description: 'The last four digits.' }),
    routingNumber: z.string().nullable(),
    bank: z.enum(['internal', 'external']),
    confirmation: z.object({
      /** The payee check when saved; null for another bank's account (nothing to check). */
      result: z.enum(['match', 'close', 'no_match']).nullable(),
      /** The holder as the payee check shows them ("Bob S."). */
      holder: z.string().nullable(),
    }),
    dailyLimit: z.number().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'SavedPayee' });
export type PayeeDto = z.infer<typeof payeeDtoSchema>;

export function toPayeeDto(row: PayeeRow): PayeeDto {
  return {
    id: row.id,
    name: row.name,
    accountNumber: row.accountLast4,
    routingNumber: row.routingNumber,
    bank: row.bank,
    confirmation: { result: row.confirmationResult, holder: row.confirmationHolder },
    dailyLimit: row.dailyLimitCents === null ? null : toDollars(row.dailyLimitCents),
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: payeeMessages.notFound });
const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export async function listPayees(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(payees)
    .where(and(eq(payees.userId, userId), isNull(payees.removedAt)))
    .orderBy(asc(sql`lower(${payees.name})`));
  return { data: rows.map(toPayeeDto) };
}

async function ownPayee(db: Executor, userId: string, id: string): Promise<PayeeRow> {
  const [row] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, id), eq(payees.userId, userId), isNull(payees.removedAt)));
  if (!row) throw notFound();
  return row;
}

export async function payeeById(db: Executor, userId: string, id: string) {
  return { data: toPayeeDto(await ownPayee(db, userId, id)) };
}

/** What a transfer to the payee needs: its full number, opened here only. */
export async function payeeTarget(deps: AppDeps, userId: string, id: string): Promise<PayeeTarget> {
  const row = await ownPayee(deps.db, userId, id);
  return {
    id: row.id,
    name: row.name,
    accountNumber: open(deps.encryptionKey, row.accountNumberSealed).toString('utf8'),
    routingNumber: row.routingNumber,
  };
}

interface Destination {
  bank: 'internal' | 'external';
  accountNumber: string;
  routingNumber: string | null;
}

/**
 * Where a payee's money goes, checked as the transfer screen's payee check does: one of ours
 * must be someone else's open account; the name is compared with its holder's.
 */
async function checkDestination(
  db: Executor,
  userId: string,
  name: string,
  to: Destination,
): Promise<Pick<PayeeRow, 'accountId' | 'confirmationResult' | 'confirmationHolder'>> {
  if (to.bank === 'external')
    return { accountId: null, confirmationResult: null, confirmationHolder: null };
  const account = await customerAccountHolder(db, to.accountNumber);
  if (!account) throw refuse(noSuchHorizonAccount);
  if (account.userId === userId) throw refuse(payeeMessages.ownAccount);
  if (account.closedAt !== null) throw refuse(payeeMessages.closedAccount);
  return {
    accountId: account.id,
    confirmationResult: compareNames(name, account),
    confirmationHolder: maskedName(account.firstName, account.lastName),
  };
}

async function refuseDuplicateName(db: Executor, userId: string, name: string, except?: string) {
  const [same] = await db
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        eq(payees.userId, userId),
        isNull(payees.removedAt),
        sql`lower(${payees.name}) = lower(${name})`,
        except ? ne(payees.id, except) : undefined,
      ),
    );
  if (same) throw refuse(payeeMessages.duplicateName);
}

/** PostgreSQL's unique_violation, however deep the driver and drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** Two requests with one name at once: the unique index refuses the second as the check would. */
async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(payeeMessages.duplicateName);
    throw error;
  }
}

/** Audited and e-mailed, whatever the customer's alert choice: a new payee is where fraud starts. */
async function announce(
  deps: AppDeps,
  tx: Executor,
  auth: SessionWithUser,
  request: RequestInfo,
  event: 'payee.added' | 'payee.changed' | 'payee.removed',
  row: PayeeRow,
  changed?: string[],
) {
  const what = {
    'payee.added': `A payee was added: ${row.name}`,
    'payee.changed': `A payee was changed: ${row.name}`,
    'payee.removed': `A payee was removed: ${row.name}`,
  }[event];
  await recordAudit(tx, {
    event,
    userId: auth.user.id,
    actorId: auth.user.id,
    request,
    details: {
      payeeId: row.id,
      name: row.name,
      bank: row.bank,
      accountLast4: row.accountLast4,
      ...(changed ? { changed } : {}),
    },
  });
  await deps.mailer.enqueue(
    tx,
    securityAlertEmail(
      auth.user.email,
      auth.user.firstName,
      what,
      `Account ending ${row.accountLast4}${row.routingNumber ? `, routing number ${row.routingNumber}` : ''}.`,
    ),
  );
}

const dailyLimitCents = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : toCents(dollars);

export async function addPayee(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  input: z.output<typeof payeeInput>,
) {
  const userId = auth.user.id;
  const to: Destination = {
    bank: input.bank,
    accountNumber: input.accountNumber,
    routingNumber: input.bank === 'external' ? input.routingNumber : null,
  };
  const row = await uniqueName(
    withStepUp(deps, auth, 'payee', input.code, async (tx) => {
      await refuseDuplicateName(tx, userId, input.name);
      const checked = await checkDestination(tx, userId, input.name, to);
      const [saved] = await tx
        .insert(payees)
        .values({
          userId,
          name: input.name,
          bank: to.bank,
          accountNumberSealed: seal(deps.encryptionKey, to.accountNumber),
          accountLast4: last4(to.accountNumber),
          routingNumber: to.routingNumber,
          ...checked,
          dailyLimitCents: dailyLimitCents(input.dailyLimit),
        })
        .returning();
      if (!saved) throw new Error('Payee insert returned nothing');
      await announce(deps, tx, auth, request, 'payee.added', saved);
      return saved;
    }),
  );
  return { message: 'Payee added', payee: toPayeeDto(row) };
}

export async function updatePayee(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  input: z.output<typeof payeeUpdateInput>,
) {
  const userId = auth.user.id;
  const current = await ownPayee(deps.db, userId, input.id);
  const currentNumber = open(deps.encryptionKey, current.accountNumberSealed).toString('utf8');
  const bank = input.bank ?? current.bank;
  const to: Destination = {
    bank,
    accountNumber: input.accountNumber ?? currentNumber,
    routingNumber: bank === 'external' ? (input.routingNumber ?? current.routingNumber) : null,
  };
  if (to.bank === 'external' && !to.routingNumber) throw refuse('Routing number is required');
  const name = input.name ?? current.name;
  const detailsChanged =
    to.bank !== current.bank ||
    to.accountNumber !== currentNumber ||
    to.routingNumber !== current.routingNumber;
  const changed = [
    ...(name !== current.name ? ['name'] : []),
    ...(input.dailyLimit !== undefined &&
    dailyLimitCents(input.dailyLimit) !== current.dailyLimitCents
      ? ['dailyLimit']
      : []),
    ...(detailsChanged ? ['accountDetails'] : []),
  ];
  const work = async (tx: Executor) => {
    await refuseDuplicateName(tx, userId, name, current.id);
    // New details are checked like a new payee's; a new name is compared with the holder again.
    const checked =
      detailsChanged || name !== current.name ? await checkDestination(tx, userId, name, to) : {};
    const [saved] = await tx
      .update(payees)
      .set({
        name,
        bank: to.bank,
        accountNumberSealed: detailsChanged
          ? seal(deps.encryptionKey, to.accountNumber)
          : current.accountNumberSealed,
        accountLast4: last4(to.accountNumber),
        routingNumber: to.routingNumber,
        ...checked,
        ...(input.dailyLimit === undefined
          ? {}
          : { dailyLimitCents: dailyLimitCents(input.dailyLimit) }),
        updatedAt: new Date(),
      })
      .where(and(eq(payees.id, current.id), isNull(payees.removedAt)))
      .returning();
    if (!saved) throw notFound();
    if (changed.length > 0)
      await announce(deps, tx, auth, request, 'payee.changed', saved, changed);
    return saved;
  };
  // The name and the limit are the customer's own notes; where the money goes needs a second factor.
  const row = await uniqueName(
    detailsChanged ? withStepUp(deps, auth, 'payee', input.code, work) : deps.db.transaction(work),
  );
  return { message: 'Payee updated', payee: toPayeeDto(row) };
}

export async function removePayee(
  deps: AppDeps,
  auth: SessionWithUser,
  request: RequestInfo,
  id: string,
) {
  const row = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(payees)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(payees.id, id), eq(payees.userId, auth.user.id), isNull(payees.removedAt)))
      .returning();
    if (!removed) throw notFound();
    await announce(deps, tx, auth, request, 'payee.removed', removed);
    return removed;
  });
  return { message: 'Payee removed', id: row.id };
}
