import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from './storage.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storage-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A stream that fails on its first read, as the image check fails a text file named .png. */
function failingAtOnce(): Readable {
  return new Readable({
    read() {
      this.destroy(new Error('not an image'));
    },
  });
}

describe('local file storage', () => {
  it('stores a stream under a new key and reads it back', async () => {
    const storage = createLocalFileStorage(dir);
    const { key, size } = await storage.write(Readable.from([Buffer.from('hello')]));
    expect(size).toBe(5);
    expect(readdirSync(dir)).toEqual([key]);
    const stored = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored ?? []) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await storage.remove(key);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no partial file when the stream fails before the file is open', async () => {
    const storage = createLocalFileStorage(dir);
    // The file is opened on the thread pool: a failure at the first chunk races the open (about
    // one write in forty lost that race on this machine), so the write is tried many times.
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      await expect(storage.write(failingAtOnce())).rejects.toThrow('not an image');
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
