import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;
// Random bytes drawn 4 KiB at a time: one call into the system per 512 ids.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function randomTail(): Buffer {
  if (poolOffset + 8 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  poolOffset += 8;
  return pool.subarray(poolOffset - 8, poolOffset);
}

/**
 * A time-ordered UUID (RFC 9562 version 7) whose 12-bit rand_a field counts within a
 * millisecond, so ids made by this process only ever grow. Transactions written together share
 * one timestamp; their ids keep them in the order they were made (history sorts by time, then
 * id), and new rows land at the right edge of the primary key's index.
 */
export function uuidV7(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else {
    counter += 1;
    if (counter > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next one.
      lastMs += 1;
      counter = 0;
    }
  }
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  randomTail().copy(bytes, 8);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
