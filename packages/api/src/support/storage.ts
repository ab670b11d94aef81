import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where attachment bytes live, apart from the database rows that name them. Keys are chosen
 * here, never taken from a client. Local disk is the default; an S3-compatible store would be
 * another implementation of these three calls (README, "Attachments").
 */
export interface FileStorage {
  /** Stores the stream under a new key; if the stream fails, nothing is left behind. */
  write(source: Readable): Promise<{ key: string; size: number }>;
  /** The stored bytes, or null when the key is unknown. */
  read(key: string): Promise<Readable | null>;
  /** Removes the file; an unknown key is not an error. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** Files under `dir`, named by random UUIDs; written to a `.part` file, renamed when complete. */
export function createLocalFileStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true });
    return ready;
  };
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('not a storage key');
    return join(dir, key);
  };
  return {
    async write(source) {
      await ensureDir();
      const key = randomUUID();
      const partial = `${pathOf(key)}.part`;
      const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, sink);
        await rename(partial, pathOf(key));
      } catch (error) {
        // A failed pipeline settles before the file stream has closed, and it may not even have
        // created the file yet: removing it then would race the open and leave the file behind.
        if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
        await rm(partial, { force: true });
        throw error;
      }
      const { size } = await stat(pathOf(key));
      return { key, size };
    },
    async read(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        await stat(pathOf(key));
      } catch {
        return null;
      }
      return createReadStream(pathOf(key));
    },
    async remove(key) {
      if (!KEY_PATTERN.test(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
