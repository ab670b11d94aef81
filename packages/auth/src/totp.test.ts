import { describe, expect, it } from 'vitest';
import { matchTotp, totpAt, totpStep } from './totp.ts';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890", 8 digits.
const seed = new TextEncoder().encode('12345678901234567890');
const vectors: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(vectors)('matches the RFC 6238 vector at T=%i', (seconds, expected) => {
    expect(totpAt(seed, totpStep(seconds * 1000), 8)).toBe(expected);
  });

  it('accepts the adjacent steps and refuses a step already used', () => {
    const nowMs = 1234567890 * 1000;
    const code = totpAt(seed, totpStep(nowMs) - 1);
    const step = matchTotp(seed, code, { nowMs });
    expect(step).toBe(totpStep(nowMs) - 1);
    expect(matchTotp(seed, code, { nowMs, lastUsedStep: step })).toBeNull();
    expect(matchTotp(seed, '000000', { nowMs })).toBeNull();
  });

  it('refuses a code two steps old', () => {
    const nowMs = 2000000000 * 1000;
    expect(matchTotp(seed, totpAt(seed, totpStep(nowMs) - 2), { nowMs })).toBeNull();
  });
});
