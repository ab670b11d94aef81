import type { Executor } from '@bank/db';
import { supportAttachments } from '@bank/db/schema';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Actor } from './actor.ts';
import type { FileStorage } from './storage.ts';
import { findTicketFor } from './tickets.ts';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Attachment not found' });

/** A ticket's file for its owner or staff; anyone else is told it does not exist. */
export async function findAttachment(db: Executor, actor: Actor, attachmentId: string) {
  const [row] = await db
    .select()
    .from(supportAttachments)
    .where(eq(supportAttachments.id, attachmentId));
  if (!row) throw notFound();
  try {
    await findTicketFor(db, actor, row.ticketId);
  } catch {
    throw notFound();
  }
  return { id: row.id, fileName: row.fileName, contentType: row.contentType, size: row.size };
}

/**
 * The bytes of an attachment whose access `findAttachment` has just allowed (the REST
 * download calls both; the stream never travels through a procedure's JSON answer).
 */
export async function readAttachment(db: Executor, storage: FileStorage, attachmentId: string) {
  const [row] = await db
    .select({ storageKey: supportAttachments.storageKey })
    .from(supportAttachments)
    .where(eq(supportAttachments.id, attachmentId));
  const body = row ? await storage.read(row.storageKey) : null;
  if (!body) throw notFound();
  return body;
}
