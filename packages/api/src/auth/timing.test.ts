import { performance } from 'node:perf_hooks';
import type { RegisterInput } from '@bank/validators/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testPassword, uniqueEmail } from '../testing/harness.ts';

// Issue 8, finding 7: registration and forgot-password take as long for a known address as for
// a new one, so their timing does not tell whether an address has an account.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SAMPLES = 11;
let address = 0;
/** Each call from its own address: the per-address limits are not what is measured. */
const visitor = () => {
  address += 1;
  return app.caller(null, { ip: `100.64.${Math.floor(address / 250)}.${address % 250}` });
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Interleaves the two kinds (so load on the machine falls on both alike) and compares medians:
 * the gap must stay under a third of the slower one (the finding was ~30 ms against ~10 ms).
 */
async function compare(known: () => Promise<unknown>, unknown: () => Promise<unknown>) {
  const forKnown: number[] = [];
  const forUnknown: number[] = [];
  await known();
  await unknown();
  for (let i = 0; i < SAMPLES; i += 1) {
    forKnown.push(await timed(known));
    forUnknown.push(await timed(unknown));
  }
  const [a, b] = [median(forKnown), median(forUnknown)];
  return { known: a, unknown: b, gap: Math.abs(a - b) / Math.max(a, b) };
}

function registration(email: string): RegisterInput {
  return {
    firstName: 'Tim',
    lastName: 'Ing',
    email,
    phoneNumber: '+15551234567',
    dateOfBirth: '1990-05-17',
    password: testPassword,
    confirmPassword: testPassword,
    acceptTerms: true,
  };
}

describe('timing does not tell whether an address has an account', () => {
  it('registration', async () => {
    const existing: string[] = [];
    for (let i = 0; i <= SAMPLES; i += 1) existing.push((await app.registerVerified()).email);
    const result = await compare(
      async () => (await visitor()).auth.register(registration(existing.pop() ?? '')),
      async () => (await visitor()).auth.register(registration(uniqueEmail('timing'))),
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThan(1 / 3);
  });

  it('forgot-password', async () => {
    const existing: string[] = [];
    for (let i = 0; i <= SAMPLES; i += 1) existing.push((await app.registerVerified()).email);
    const result = await compare(
      async () => (await visitor()).auth.forgotPassword({ email: existing.pop() ?? '' }),
      async () => (await visitor()).auth.forgotPassword({ email: uniqueEmail('nobody') }),
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThan(1 / 3);
  });

  it('resend-verification', async () => {
    const unverified: string[] = [];
    for (let i = 0; i <= SAMPLES; i += 1) unverified.push(await app.registerUser());
    const result = await compare(
      async () => (await visitor()).auth.resendVerification({ email: unverified.pop() ?? '' }),
      async () => (await visitor()).auth.resendVerification({ email: uniqueEmail('nobody') }),
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThan(1 / 3);
  });
});
