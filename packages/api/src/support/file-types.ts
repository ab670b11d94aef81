import { Transform, type TransformCallback } from 'node:stream';
import { MAX_ATTACHMENT_BYTES } from '@bank/validators/support';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

/** Bytes a file must start with to be one of the images we accept (their magic numbers). */
const signatures: Array<{ type: ImageType; bytes: number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
];

export const SNIFF_BYTES = 8;

/** The image type the bytes say, whatever the file's name or declared type claim. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  for (const { type, bytes } of signatures) {
    if (head.length >= bytes.length && bytes.every((byte, n) => head[n] === byte)) return type;
  }
  return null;
}

export class UploadRejected extends Error {
  constructor(readonly reason: 'type' | 'size' | 'count' | 'malformed') {
    super(reason);
  }
}

/**
 * Passes a file through while checking it: its first bytes must be an accepted image and it
 * may not pass the size limit; either failure errors the stream, so the write is abandoned.
 */
export class ImageGuard extends Transform {
  type: ImageType | null = null;
  size = 0;
  private head = Buffer.alloc(0);

  constructor(private readonly maxBytes = MAX_ATTACHMENT_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new UploadRejected('size'));
    } else if (this.type !== null) {
      done(null, chunk);
    } else {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < SNIFF_BYTES) {
        done();
      } else {
        this.release(done);
      }
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.type === null) this.release(done);
    else done();
  }

  /** Judges the held first bytes, then passes them on (or fails the stream). */
  private release(done: TransformCallback): void {
    this.type = sniffImageType(this.head);
    const held = this.head;
    this.head = Buffer.alloc(0);
    if (this.type === null) done(new UploadRejected('type'));
    else done(null, held);
  }
}

/** A file stored for this request, not yet named by any row. */
export interface StoredUpload {
  key: string;
  fileName: string;
  contentType: ImageType;
  size: number;
}

/** Keeps a shown file name printable and short; the stored name is never the client's. */
export function cleanFileName(name: string | undefined, type: ImageType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '"')
    .join('')
    .trim()
    .slice(0, 120);
  if (cleaned) return cleaned;
  return `attachment.${type === 'image/jpeg' ? 'jpg' : type.slice(6)}`;
}
