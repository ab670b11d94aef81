import type { Executor } from '@bank/db';
import type { DisputeStatus, TicketStatus, UserRole } from '@bank/db/enums';
import { supportMessages, supportTickets, users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { AuditEvent } from '../audit/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { uuidV7 } from '../ids/uuid-v7.ts';
import { actionEmail } from '../mail/templates.ts';
import { publishEvent } from '../realtime/events.ts';
import type { DisputeRow } from './dto.ts';

export interface DisputeActor {
  id: string;
  role: UserRole;
  request?: RequestInfo | undefined;
}

/** Where the dispute's ticket stands once the dispute moves to `status`. */
const ticketStatusOf: Record<DisputeStatus, TicketStatus> = {
  submitted: 'open',
  investigating: 'in_progress',
  provisional_credit: 'in_progress',
  resolved: 'resolved',
  denied: 'resolved',
  withdrawn: 'closed',
};

export interface DisputeChange {
  event: AuditEvent;
  actor: DisputeActor;
  dispute: DisputeRow;
  /** What the customer is told, live, in the inbox, by e-mail and on the ticket. */
  title: string;
  lines: string[];
  details?: Record<string, unknown>;
}

/**
 * Everything a dispute's change leaves besides its own row, in the same database transaction:
 * the audit entry (actor and customer), a line on its support ticket, the live event (kept in
 * the inbox) and the e-mail. A dispute is about the customer's money, so the e-mail is sent
 * whatever their marketing choices.
 */
export async function announceDisputeChange(
  deps: Pick<AppDeps, 'mailer' | 'publicUrl'>,
  tx: Executor,
  change: DisputeChange,
) {
  const { dispute, actor } = change;
  await recordAudit(tx, {
    event: change.event,
    userId: dispute.userId,
    actorId: actor.id,
    ...(actor.request ? { request: actor.request } : {}),
    details: {
      disputeId: dispute.id,
      transactionId: dispute.transactionId,
      status: dispute.status,
      ...change.details,
    },
  });
  await tx.insert(supportMessages).values({
    id: uuidV7(),
    ticketId: dispute.ticketId,
    senderId: actor.id,
    senderType: actor.role,
    message: [change.title, ...change.lines].join('\n'),
  });
  await tx
    .update(supportTickets)
    .set({
      status: ticketStatusOf[dispute.status],
      ...(actor.id === dispute.userId ? {} : { assignedToId: actor.id }),
      updatedAt: dispute.updatedAt,
    })
    .where(eq(supportTickets.id, dispute.ticketId));
  await publishEvent(tx, dispute.userId, {
    type: 'dispute:status',
    data: {
      disputeId: dispute.id,
      transactionId: dispute.transactionId,
      status: dispute.status,
      title: change.title,
      message: change.lines.join(' '),
    },
  });
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, dispute.userId));
  if (!customer) return;
  await deps.mailer.enqueue(
    tx,
    actionEmail({
      to: customer.email,
      subject: change.title,
      greeting: `Hello ${customer.firstName},`,
      lines: change.lines,
      action: {
        label: 'See your dispute',
        url: `${deps.publicUrl}/disputes?dispute=${dispute.id}`,
      },
    }),
  );
}
