import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('requestHash', () => {
  it('is the same whatever order the fields came in, and leaves the key and absent fields out', () => {
    const hash = requestHash('transfer', { amount: '10.00', note: 'rent', to: '1234567890' });
    expect(
      requestHash('transfer', {
        to: '1234567890',
        idempotencyKey: 'k-1',
        note: 'rent',
        memo: undefined,
        amount: '10.00',
      }),
    ).toBe(hash);
    expect(requestHash('transfer', { amount: '10.01', note: 'rent', to: '1234567890' })).not.toBe(
      hash,
    );
    expect(requestHash('deposit', { amount: '10.00', note: 'rent', to: '1234567890' })).not.toBe(
      hash,
    );
  });

  it('orders fields by code unit, not by the machine’s locale, so every instance hashes alike', () => {
    // A locale's collation puts 'a' before 'B'; code units put 'B' (0x42) before 'a' (0x61).
    expect(requestHash('op', { a: 1, B: { d: 2, C: 3 } })).toBe(
      sha256('op{"B":{"C":3,"d":2},"a":1}'),
    );
  });
});
