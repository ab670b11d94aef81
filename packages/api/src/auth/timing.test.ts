import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../testing/harness.ts';

// An answer's timing must not tell whether an address has an account (docs/decisions/006).
// Timings are not asserted (the machine's load decides them): the tests assert the work each
// answer does. Registration does the same work either way (registration-work.test.ts); sign-in
// checks one password either way; forgot-password and resend-verification do less for an
// unknown address and are both held to the same floor after all their work (even-answer.ts).

const seen = vi.hoisted(() => ({ steps: [] as string[] }));

vi.mock('@bank/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bank/auth/password')>();
  return {
    ...actual,
    verifyPassword: async (hash: string, password: string) => {
      seen.steps.push('password checked');
      return actual.verifyPassword(hash, password);
    },
    // Checks against a stand-in hash: one argon2 verification, as verifyPassword
    // (packages/auth/src/password.test.ts).
    burnPasswordCheck: async (password: string) => {
      seen.steps.push('password checked');
      return actual.burnPasswordCheck(password);
    },
  };
});

vi.mock('./even-answer.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./even-answer.ts')>();
  return {
    ...actual,
    answerEvenly: async (startedAt: number) => {
      seen.steps.push('held to the floor');
      return actual.answerEvenly(startedAt, 0);
    },
  };
});

let app: TestApp;
let mailer: AppDeps['mailer'];
beforeAll(async () => {
  app = await createTestApp();
  mailer = app.deps.mailer;
  const enqueue = mailer.enqueue.bind(mailer);
  app.deps.mailer = {
    async enqueue(db, message) {
      seen.steps.push('mail queued');
      await enqueue(db, message);
    },
  };
});
afterAll(async () => {
  if (app) app.deps.mailer = mailer;
  await app?.close();
});
beforeEach(() => {
  seen.steps = [];
});

let address = 0;
/** Each call from its own address: the per-address limits are not what is measured. */
const visitor = () => {
  address += 1;
  return app.caller(null, { ip: `100.64.${Math.floor(address / 250)}.${address % 250}` });
};

/** The steps one call took, and what it answered (or the code it was refused with). */
async function stepsOf(work: () => Promise<unknown>) {
  seen.steps = [];
  const answer = await work().then(
    (value) => JSON.stringify(value),
    (error: unknown) =>
      `refused ${typeof error === 'object' && error !== null && 'code' in error ? error.code : error}`,
  );
  return { answer, steps: [...seen.steps] };
}

describe('the work does not tell whether an address has an account', () => {
  it('sign-in checks one password for an unknown address, as for a wrong password', async () => {
    const { email } = await app.registerVerified();
    const known = await stepsOf(async () =>
      (await visitor()).auth.login({ email, password: 'Wrong!Passw0rd' }),
    );
    const unknown = await stepsOf(async () =>
      (await visitor()).auth.login({ email: uniqueEmail('nobody'), password: 'Wrong!Passw0rd' }),
    );
    expect(unknown).toEqual(known);
    expect(known).toEqual({ answer: 'refused UNAUTHORIZED', steps: ['password checked'] });
  });

  // The two calls that mail an address: known or not, the same answer after the same floor.
  it.each([
    {
      call: 'forgot-password',
      knownAddress: async () => (await app.registerVerified()).email,
      ask: (email: string) => async () => (await visitor()).auth.forgotPassword({ email }),
    },
    {
      call: 'resend-verification',
      knownAddress: () => app.registerUser(),
      ask: (email: string) => async () => (await visitor()).auth.resendVerification({ email }),
    },
  ])('$call holds both answers to the floor, after the known address’s mail', async ({
    knownAddress,
    ask,
  }) => {
    const known = await stepsOf(ask(await knownAddress()));
    const unknown = await stepsOf(ask(uniqueEmail('nobody')));
    expect(unknown.answer).toBe(known.answer);
    expect(known.steps).toEqual(['mail queued', 'held to the floor']);
    expect(unknown.steps).toEqual(['held to the floor']);
  });
});

describe('the floor', () => {
  it('waits out what is left of it after the work, and nothing once it is past', async () => {
    const { answerEvenly, EVEN_ANSWER_MS } =
      await vi.importActual<typeof import('./even-answer.ts')>('./even-answer.ts');
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const startedAt = performance.now();
      vi.advanceTimersByTime(40); // the work took 40 ms
      let answered = false;
      const answer = answerEvenly(startedAt).then(() => {
        answered = true;
      });
      await vi.advanceTimersByTimeAsync(EVEN_ANSWER_MS - 41);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(answered).toBe(true);

      // Work longer than the floor: answered at once.
      const late = performance.now();
      vi.advanceTimersByTime(EVEN_ANSWER_MS + 10);
      await answerEvenly(late);
    } finally {
      vi.useRealTimers();
    }
  });
});
