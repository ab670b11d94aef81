import { emailOutbox, users } from '@bank/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileTestApp, registrationInput, uniqueEmail } from '../testing/harness.ts';

// Registration was 16-68 ms slower for a new address than for a known one (4 runs,
// same direction): a new account's writes were done only for new addresses. No timing is
// asserted here (the machine's load decides timings); the test asserts that both branches do
// the same expensive work: one password hash, the new account's writes, one e-mail.

const work = vi.hoisted(() => ({ hashes: 0, accountWrites: 0 }));

vi.mock('@bank/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bank/auth/password')>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      work.hashes += 1;
      return actual.hashPassword(password);
    },
  };
});

vi.mock('./new-account.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./new-account.ts')>();
  return {
    ...actual,
    writeNewAccount: async (...args: Parameters<typeof actual.writeNewAccount>) => {
      work.accountWrites += 1;
      return actual.writeNewAccount(...args);
    },
  };
});

const app = await createFileTestApp();
beforeEach(() => {
  work.hashes = 0;
  work.accountWrites = 0;
});

let address = 0;
const visitor = () => {
  address += 1;
  return app.caller(null, { ip: `100.65.${Math.floor(address / 250)}.${address % 250}` });
};

const registration = (email: string) =>
  registrationInput(email, { firstName: 'Tim', lastName: 'Ing' });

async function queuedFor(email: string) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email));
  return row?.n ?? 0;
}

async function workFor(email: string) {
  const before = await queuedFor(email);
  const answer = await (await visitor()).auth.register(registration(email));
  return {
    message: answer.message,
    hashes: work.hashes,
    accountWrites: work.accountWrites,
    emails: (await queuedFor(email)) - before,
  };
}

describe('registration does the same work whether or not the address has an account', () => {
  it('hashes once, writes a new account’s rows and queues one e-mail in both branches', async () => {
    const known = (await app.registerVerified()).email;
    work.hashes = 0;
    work.accountWrites = 0;
    const forKnown = await workFor(known);
    work.hashes = 0;
    work.accountWrites = 0;
    const fresh = uniqueEmail('same-work');
    const forNew = await workFor(fresh);
    expect(forKnown).toEqual(forNew);
    expect(forNew).toMatchObject({ hashes: 1, accountWrites: 1, emails: 1 });
  });

  it('keeps nothing of the rehearsal for a known address: one user, one account', async () => {
    const known = (await app.registerVerified()).email;
    const countUsers = async () =>
      (await app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;
    const before = await countUsers();
    await (await visitor()).auth.register(registration(known));
    expect(await countUsers()).toBe(before);
  });
});
