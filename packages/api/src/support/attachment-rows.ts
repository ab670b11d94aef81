import type { Executor } from '@bank/db';
import { supportAttachments } from '@bank/db/schema';
import { uuidV7 } from '../ids/uuid-v7.ts';
import type { StoredUpload } from './file-types.ts';

/**
 * Records files already stored as a ticket's attachments (a chat line's, with `messageId`), in
 * the transaction that adds what they belong to.
 */
export async function recordAttachments(
  tx: Executor,
  owner: { ticketId: string; messageId?: string; uploaderId: string },
  uploads: readonly StoredUpload[],
) {
  if (uploads.length === 0) return;
  await tx.insert(supportAttachments).values(
    // Time-ordered ids keep the files in the order they were uploaded.
    uploads.map((upload) => ({
      id: uuidV7(),
      ticketId: owner.ticketId,
      ...(owner.messageId ? { messageId: owner.messageId } : {}),
      uploaderId: owner.uploaderId,
      storageKey: upload.key,
      fileName: upload.fileName,
      contentType: upload.contentType,
      size: upload.size,
    })),
  );
}
