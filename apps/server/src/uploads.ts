import type { Readable } from 'node:stream';
import type { StoredUpload } from '@bank/api/support/file-types';
import { cleanFileName, ImageGuard, UploadRejected } from '@bank/api/support/file-types';
import type { FileStorage } from '@bank/api/support/storage';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, supportMessages } from '@bank/validators/support';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { statusCodeOf } from './error-status.ts';

/** The multipart body may carry the files and a few short fields, nothing more. */
export const MAX_MULTIPART_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 1_048_576;

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Calls `fail` if the request body ended while `file` still waits for bytes; returns a stop. */
function watchForCutOff(req: FastifyRequest, file: Readable, fail: () => void): () => void {
  let quietChecks = 0;
  const timer = setInterval(() => {
    if (!req.raw.readableEnded || file.readableEnded) return;
    quietChecks = file.readableLength === 0 ? quietChecks + 1 : 0;
    if (quietChecks >= 2) {
      clearInterval(timer);
      fail();
    }
  }, 200);
  return () => clearInterval(timer);
}

/** Removes files stored for a request that then failed: no orphan is left behind. */
export async function discardUploads(storage: FileStorage, uploads: readonly StoredUpload[]) {
  await Promise.all(uploads.map((upload) => storage.remove(upload.key).catch(() => {})));
}

/**
 * Streams a multipart body's `attachments` parts into the storage, each checked by its bytes
 * (PNG, JPEG or GIF) and size as it passes, and collects the other fields. Any failure removes
 * what was already stored and throws `UploadRejected`.
 */
export async function readMultipartUploads(
  req: FastifyRequest,
  storage: FileStorage,
): Promise<{ fields: Record<string, string>; uploads: StoredUpload[] }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_MULTIPART_BYTES) throw new UploadRejected('size');
  const fields: Record<string, string> = {};
  const uploads: StoredUpload[] = [];
  try {
    const parts = req.parts({
      limits: {
        // One byte more than allowed: the guard then sees the excess and rejects the file.
        fileSize: MAX_ATTACHMENT_BYTES + 1,
        files: MAX_ATTACHMENTS,
        fields: 20,
        fieldSize: 20_000,
        parts: MAX_ATTACHMENTS + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'attachments') {
        part.file.resume();
        throw new UploadRejected('type');
      }
      const guard = new ImageGuard();
      part.file.on('error', (error) => guard.destroy(error));
      // A body that ends inside a file leaves the part open forever (busboy reports it only to
      // the next iteration): once the whole body is in and the part has nothing left to give
      // but never ended, the write is failed.
      const watch = watchForCutOff(req, part.file, () =>
        guard.destroy(new UploadRejected('malformed')),
      );
      const stored = await storage.write(part.file.pipe(guard)).finally(watch);
      const type = guard.type;
      uploads.push({
        key: stored.key,
        fileName: type ? cleanFileName(part.filename, type) : 'attachment',
        contentType: type ?? 'image/png',
        size: stored.size,
      });
      if (type === null || part.file.truncated) throw new UploadRejected('size');
      if (stored.size === 0) throw new UploadRejected('type');
    }
  } catch (error) {
    await discardUploads(storage, uploads);
    if (error instanceof UploadRejected) throw error;
    if (codeOf(error) === 'FST_FILES_LIMIT') throw new UploadRejected('count');
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRejected('size');
    // Too many fields, a cut-off body, a broken boundary: the client's fault, not ours.
    if (statusCodeOf(error) < 500) throw new UploadRejected('malformed');
    throw error;
  }
  return { fields, uploads };
}

const rejectionMessages = {
  type: supportMessages.fileType,
  size: supportMessages.fileTooLarge,
  count: supportMessages.tooManyFiles,
  malformed: 'The upload could not be read',
} as const;

/** docs/product.md 7's validation answer for a refused file. */
export function sendUploadRejected(reply: FastifyReply, error: UploadRejected) {
  return reply.code(400).send({
    code: 'VALIDATION_ERROR',
    message: 'Validation error',
    details: [{ field: 'attachments', message: rejectionMessages[error.reason] }],
  });
}

/** `attachment` with an ASCII fallback name and the exact one (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
