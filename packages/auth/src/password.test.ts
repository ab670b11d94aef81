import { describe, expect, it, vi } from 'vitest';

// The stand-in check for an unknown account costs what a real one costs: one argon2
// verification (sign-in's answer must not tell whether the account exists).
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    verify: async (...args: Parameters<typeof actual.verify>) => {
      argon2.verifications += 1;
      return actual.verify(...args);
    },
  };
});

const { burnPasswordCheck, hashPassword, verifyPassword } = await import('./password.ts');

describe('password checks', () => {
  it('burns one argon2 verification for an unknown account, as a real check does', async () => {
    const hash = await hashPassword('Str0ng!Passw0rd');
    argon2.verifications = 0;
    expect(await verifyPassword(hash, 'Wrong!Passw0rd')).toBe(false);
    expect(argon2.verifications).toBe(1);
    await burnPasswordCheck('Wrong!Passw0rd');
    expect(argon2.verifications).toBe(2);
  });
});
