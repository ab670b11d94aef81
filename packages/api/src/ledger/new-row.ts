import { randomUUID } from 'node:crypto';
import type { TimelineEntry } from '@bank/db/schema';
import { uuidV7 } from '../ids/uuid-v7.ts';
import { counterpartyOf } from './counterparty.ts';
import type { NewMovement } from './posting.ts';
import { searchText } from './search-text.ts';
import type { TransactionRow } from './transaction-row.ts';

export function timelineEntry(
  status: TimelineEntry['status'],
  description: string,
  at = new Date(),
): TimelineEntry {
  return { id: randomUUID(), status, description, timestamp: at.toISOString() };
}

function searchFor(movement: NewMovement, incoming: boolean): string {
  const other = counterpartyOf(
    {
      type: movement.type,
      description: movement.description,
      counterparty: movement.counterparty ?? null,
      recipientName: movement.recipientName ?? null,
      recipientAccountNumber: movement.recipientAccountNumber ?? null,
    },
    incoming,
  );
  return searchText(movement.description, other.name, other.bank);
}

/** The row a new movement inserts, stamped `now`: nothing reversed of it yet. */
export function newTransactionRow(movement: NewMovement, now: Date): TransactionRow {
  return {
    id: uuidV7(now.getTime()),
    type: movement.type,
    status: movement.status,
    amountCents: movement.amountCents,
    currency: 'USD',
    description: movement.description,
    category: movement.category,
    paymentMethod: movement.paymentMethod,
    notes: movement.notes ?? null,
    fromAccountId: movement.from.id,
    toAccountId: movement.to.id,
    senderUserId: movement.senderUserId,
    recipientUserId: movement.recipientUserId,
    recipientName: movement.recipientName ?? null,
    recipientAccountNumber: movement.recipientAccountNumber ?? null,
    counterparty: movement.counterparty ?? null,
    timeline: movement.timeline,
    payeeId: movement.payeeId ?? null,
    reversesId: movement.reverses ?? null,
    reversedCents: 0n,
    createdAt: now,
    updatedAt: now,
    // What each side's search matches: the description and the other side as it sees it.
    searchOut: searchFor(movement, false),
    searchIn: searchFor(movement, true),
  };
}
