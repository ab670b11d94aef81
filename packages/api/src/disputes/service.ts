import { disputes, supportTickets } from '@bank/db/schema';
import type {
  disputeCreateInput,
  disputeListQuery,
  disputeQueueQuery,
  disputeUpdateInput,
} from '@bank/validators/disputes';
import { disputeReasonLabels } from '@bank/validators/disputes';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { appError } from '../errors.ts';
import { formatUsd, toCents } from '../money/cents.ts';
import { recordAttachments } from '../support/attachment-rows.ts';
import type { StoredUpload } from '../support/file-types.ts';
import { admitFiles, admitNewTicket } from '../support/quotas.ts';
import { transactionById } from '../transactions/history.ts';
import { deadlinesFrom } from './deadlines.ts';
import {
  both,
  closedStatus,
  type DisputeRow,
  ofTransaction,
  ofUser,
  openStatus,
  readDisputes,
  toDisputeDto,
} from './dto.ts';
import { disputeNotFound, moveDispute } from './lifecycle.ts';
import { announceDisputeChange, type DisputeActor } from './notices.ts';

type Deps = Pick<AppDeps, 'db' | 'ledger' | 'mailer' | 'publicUrl' | 'settings' | 'rateLimiter'>;

/** Movements a customer may dispute: money that moved, not the bank's own corrections. */
const disputableTypes = new Set(['transfer', 'deposit', 'withdraw', 'fee', 'loan_repayment']);

const alreadyOpen = (disputeId: string) =>
  appError(
    'CONFLICT',
    'This payment already has an open dispute: you can follow it under My disputes',
    'DISPUTE_OPEN',
    { disputeId },
  );

async function openDisputeOf(deps: Pick<AppDeps, 'db'>, transactionId: string) {
  const [open] = await deps.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(ofTransaction(transactionId), openStatus()));
  return open;
}

/**
 * POST /transactions/{id}/disputes: 'Report a problem' on one of the customer's movements. The
 * dispute is worked as a support ticket (with the attachments sent along), opened in the same
 * transaction; one open dispute per movement (the database's unique index settles a race).
 */
export async function openDispute(
  deps: Deps,
  actor: DisputeActor,
  input: z.output<typeof disputeCreateInput>,
  uploads: readonly StoredUpload[],
  now: Date,
) {
  const movement = await transactionById(deps.db, actor.id, input.id);
  if (!disputableTypes.has(movement.type))
    throw appError('BAD_REQUEST', 'The bank’s own corrections cannot be disputed');
  if (movement.status !== 'completed')
    throw appError('BAD_REQUEST', 'Only a completed payment can be disputed');
  const existing = await openDisputeOf(deps, movement.id);
  if (existing) throw alreadyOpen(existing.id);
  const quotas = { db: deps.db, settings: deps.settings, rateLimiter: deps.rateLimiter };
  await admitNewTicket(quotas, actor);
  const settings = await deps.settings.get();
  const deadlines = deadlinesFrom(now);
  const row = await deps.db.transaction(async (tx) => {
    await admitFiles(tx, settings, actor, uploads);
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: actor.id,
        subject: `Dispute: ${movement.description}`.slice(0, 200),
        category: 'transaction',
        // Someone else moving the customer's money comes first.
        priority: input.reason === 'unauthorised' ? 'high' : 'medium',
        description: `${disputeReasonLabels[input.reason]} (${formatUsd(toCents(movement.amount))}, reference ${movement.id}).\n\n${input.description}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: supportTickets.id });
    if (!ticket) throw new Error('ticket insert returned nothing');
    await recordAttachments(tx, { ticketId: ticket.id, uploaderId: actor.id }, uploads);
    const [dispute] = await tx
      .insert(disputes)
      .values({
        transactionId: movement.id,
        userId: actor.id,
        ticketId: ticket.id,
        reason: input.reason,
        description: input.description,
        ...deadlines,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!dispute) {
      const raced = await openDisputeOf({ db: tx }, movement.id);
      throw alreadyOpen(raced?.id ?? '');
    }
    await announceDisputeChange(deps, tx, {
      event: 'dispute.opened',
      actor,
      dispute,
      title: 'We received your dispute',
      lines: [
        `We received your dispute of “${movement.description}” (${formatUsd(toCents(movement.amount))}).`,
        'We will tell you here and by e-mail as it moves on.',
      ],
      details: { reason: input.reason },
    });
    return dispute;
  });
  return { message: 'Dispute submitted', dispute: toDisputeDto(row, now) };
}

/** GET /disputes: the customer's own, newest first (optionally of one movement). */
export async function listOwnDisputes(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  query: z.output<typeof disputeListQuery>,
  now: Date,
) {
  const data = await readDisputes(
    deps.db,
    both(ofUser(userId), query.transactionId ? ofTransaction(query.transactionId) : undefined),
    now,
  );
  return { data };
}

/** GET /admin/disputes: open ones by the deadline that falls first (late ones at the top). */
export async function disputeQueue(
  deps: Pick<AppDeps, 'db'>,
  query: z.output<typeof disputeQueueQuery>,
  now: Date,
) {
  const open = query.state === 'open';
  const data = await readDisputes(
    deps.db,
    open ? openStatus() : closedStatus(),
    now,
    open ? 'deadline' : 'newest',
  );
  return { data, late: data.filter((dispute) => dispute.late).length };
}

/** The disputes of one customer, for the staff user page. */
export async function disputesOfCustomer(deps: Pick<AppDeps, 'db'>, userId: string, now: Date) {
  return readDisputes(deps.db, ofUser(userId), now);
}

async function disputeRow(deps: Pick<AppDeps, 'db'>, id: string): Promise<DisputeRow> {
  const [row] = await deps.db.select().from(disputes).where(eq(disputes.id, id));
  if (!row) throw disputeNotFound();
  return row;
}

/** PUT /admin/disputes/{id}: staff move a dispute on; never one of their own. */
export async function updateDispute(
  deps: Deps,
  actor: DisputeActor,
  input: z.output<typeof disputeUpdateInput>,
  now: Date,
) {
  const current = await disputeRow(deps, input.id);
  if (current.userId === actor.id)
    throw appError(
      'FORBIDDEN',
      'You cannot act on your own account. Another staff member must.',
      'OWN_ACCOUNT',
    );
  const row = await moveDispute(
    deps,
    current,
    {
      to: input.status,
      reason: input.reason,
      amountCents: input.amount === undefined ? undefined : toCents(input.amount),
    },
    actor,
    now,
  );
  const [dto] = await readDisputes(deps.db, eq(disputes.id, row.id), now);
  if (!dto) throw disputeNotFound();
  return { message: 'Dispute updated', dispute: dto };
}

/** POST /disputes/{id}/withdraw: the customer drops their dispute (a credit goes back). */
export async function withdrawDispute(deps: Deps, actor: DisputeActor, id: string, now: Date) {
  const current = await disputeRow(deps, id);
  if (current.userId !== actor.id) throw disputeNotFound();
  const row = await moveDispute(deps, current, { to: 'withdrawn' }, actor, now);
  return { message: 'Dispute withdrawn', dispute: toDisputeDto(row, now) };
}
