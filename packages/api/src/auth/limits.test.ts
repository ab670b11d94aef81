import * as password from '@bank/auth/password';
import { users } from '@bank/db/schema';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { limits } from '../rate-limit.ts';
import { auditEntries } from '../testing/audit.ts';
import { createFileTestApp, rejectionOf, testPassword } from '../testing/harness.ts';
import { letTimePassInDatabase } from '../testing/limiter-clock.ts';
import { endSessionsToken, readEndSessionsToken } from './attempts.ts';

// From the security review: every guess is counted before it is judged, and nobody can
// lock an owner out from elsewhere.

vi.mock('@bank/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bank/auth/password')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

const app = await createFileTestApp();

const wrong = 'Wrong!Passw0rd';

/** Settles every promise and names the outcome: 'ok', or the error's code. */
async function outcomes(promises: Array<Promise<unknown>>): Promise<string[]> {
  const settled = await Promise.allSettled(promises);
  return settled.map((result) => {
    if (result.status === 'fulfilled') return 'ok';
    const reason: unknown = result.reason;
    return typeof reason === 'object' && reason !== null && 'code' in reason
      ? String(reason.code)
      : 'error';
  });
}

const judged = (results: string[]) => results.filter((code) => code !== 'TOO_MANY_REQUESTS');

const auditEvents = (userId: string, event: 'auth.login.locked' | 'auth.sessions_ended') =>
  auditEntries(app.db, event, userId);

describe('parallel guesses (finding 1)', () => {
  it('judge at most the limit of 100 parallel sign-ins from one address, the right password among them', async () => {
    const { email } = await app.registerVerified();
    const visitor = await app.caller(null, { ip: '198.51.100.1' });
    const guesses = Array.from({ length: 100 }, (_, n) =>
      visitor.auth.login({ email, password: n === 40 ? testPassword : wrong }),
    );
    const results = await outcomes(guesses);
    expect(judged(results).length).toBeLessThanOrEqual(limits.loginPerAccountAddress.max);
    expect(results.filter((code) => code === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(
      100 - limits.loginPerAccountAddress.max,
    );
  });

  it('judge at most the limit of 300 parallel wrong TOTP codes on one half-open session', async () => {
    const { email, id } = await app.registerVerified();
    const { token } = await app.signIn(email);
    const caller = await app.caller(token);
    await caller.auth.setup2fa();
    await caller.auth.enable2fa({ code: await app.currentTotp(id) });
    const half = await app.caller((await app.signIn(email)).token);
    const results = await outcomes(
      Array.from({ length: 300 }, (_, n) =>
        half.auth.verify2fa({ code: String(n).padStart(6, '0') }),
      ),
    );
    expect(judged(results).length).toBeLessThanOrEqual(limits.twoFactorPerSession.max);
    // A second session of the same account shares the account's limit.
    const other = await app.caller((await app.signIn(email)).token);
    const more = await outcomes(
      Array.from({ length: 50 }, () => other.auth.verify2fa({ code: 'aaaaa-bbbbb' })),
    );
    expect(judged(results).length + judged(more).length).toBeLessThanOrEqual(
      limits.twoFactorPerUser.max,
    );
  });

  it('judge at most the limit of parallel wrong current passwords', async () => {
    const { email } = await app.registerVerified();
    const caller = await app.caller((await app.signIn(email)).token);
    const results = await outcomes(
      Array.from({ length: 30 }, () =>
        caller.auth.changePassword({ currentPassword: wrong, newPassword: 'New!Passw0rd1' }),
      ),
    );
    expect(judged(results)).toHaveLength(limits.passwordCheckPerUser.max);
    const limited = await rejectionOf(
      caller.auth.changePassword({ currentPassword: testPassword, newPassword: 'New!Passw0rd1' }),
    );
    expect(limited).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
  });

  it('judge at most the limit of wrong e-mailed tokens from one address', async () => {
    const visitor = await app.caller(null, { ip: '198.51.100.9' });
    const results = await outcomes(
      Array.from({ length: 30 }, (_, n) => visitor.auth.verifyEmail({ token: `bogus-${n}` })),
    );
    expect(judged(results)).toHaveLength(limits.tokenPerAddress.max);
  });
});

describe('lockout (finding 5)', () => {
  it('holds back a foreign address, while the owner signs in from their own and is told', async () => {
    const { email, id } = await app.registerVerified({ firstName: 'Olive' });
    const attacker = await app.caller(null, { ip: '203.0.113.66' });
    for (let i = 0; i < limits.loginPerAccountAddress.max; i += 1) {
      await rejectionOf(attacker.auth.login({ email, password: wrong }));
    }
    expect((await rejectionOf(attacker.auth.login({ email, password: testPassword }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    // The owner, at home.
    const owner = await app.caller(null, { ip: '192.0.2.10' });
    expect((await owner.auth.login({ email, password: testPassword })).user.email).toBe(email);
    // Audited for /admin/security, and the owner is told with a sign-out-everywhere link.
    const locked = await auditEvents(id, 'auth.login.locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ ip: '203.0.113.66', details: { scope: 'address' } });
    const alert = (await app.mailbox(email)).find((mail) =>
      mail.subject.includes('Repeated failed sign-ins'),
    );
    expect(alert?.text).toContain('203.0.113.66');
    const link = alert?.links.find((url) => new URL(url).pathname === '/secure-account');
    expect(link).toBeDefined();
    // Following it ends every session, the owner's fresh one too (it was not the one clicking).
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const session = await app.signIn(email);
    expect(await app.deps.sessions.validate(session.token)).not.toBeNull();
    const clicked = await (await app.caller(null, { ip: '192.0.2.10' })).auth.endSessions({
      token,
    });
    expect(clicked.message).toBe('Every other session was signed out');
    expect(await app.deps.sessions.validate(session.token)).toBeNull();
    expect(await auditEvents(id, 'auth.sessions_ended')).toHaveLength(1);
  });

  it('only slows the account down when wrong passwords come from many addresses', async () => {
    const { email, id } = await app.registerVerified();
    const { free } = limits.loginPerAccount;
    for (let i = 0; i <= free; i += 1) {
      const visitor = await app.caller(null, { ip: `198.18.${i}.1` });
      expect((await rejectionOf(visitor.auth.login({ email, password: wrong }))).code).toBe(
        'UNAUTHORIZED',
      );
    }
    // The first delay (1 s) runs: even the right password waits, until the second has passed.
    const owner = await app.caller(null, { ip: '192.0.2.77' });
    expect((await rejectionOf(owner.auth.login({ email, password: testPassword }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect((await auditEvents(id, 'auth.login.locked'))[0]?.details).toMatchObject({
      scope: 'account',
    });
    await letTimePassInDatabase(app.db, limits.loginPerAccount.baseMs + 100);
    expect((await owner.auth.login({ email, password: testPassword })).user.email).toBe(email);
  });

  it('signs a link that cannot be altered, forged or used late', () => {
    const key = app.deps.encryptionKey;
    const userId = crypto.randomUUID();
    const token = endSessionsToken(key, userId);
    expect(readEndSessionsToken(key, token)).toBe(userId);
    const [, expiry, mac] = token.split('.');
    expect(readEndSessionsToken(key, `${crypto.randomUUID()}.${expiry}.${mac}`)).toBeNull();
    expect(readEndSessionsToken(Buffer.alloc(32), token)).toBeNull();
    expect(readEndSessionsToken(key, token, Date.now() + 25 * 60 * 60_000)).toBeNull();
  });
});

describe('reset-password (finding 6)', () => {
  it('checks the token before hashing: a bad token computes no hash', async () => {
    const hash = vi.mocked(password.hashPassword);
    hash.mockClear();
    const visitor = await app.caller(null, { ip: '198.51.100.20' });
    const refused = await rejectionOf(
      visitor.auth.resetPassword({ token: 'not-a-token', password: 'New!Passw0rd1' }),
    );
    expect(refused.message).toBe(messages.invalidOrExpiredToken);
    expect(hash).not.toHaveBeenCalled();
  });

  it('limits wrong tokens per address', async () => {
    const visitor = await app.caller(null, { ip: '198.51.100.21' });
    const results = await outcomes(
      Array.from({ length: 20 }, () =>
        visitor.auth.resetPassword({ token: 'not-a-token', password: 'New!Passw0rd1' }),
      ),
    );
    expect(judged(results)).toHaveLength(limits.tokenPerAddress.max);
  });

  it('still resets with a good token, and the user can sign in with the new password', async () => {
    const { email, id } = await app.registerVerified();
    await (await app.caller()).auth.forgotPassword({ email });
    const token = await app.tokenFromMail(email, '/reset-password');
    await (await app.caller()).auth.resetPassword({ token, password: 'New!Passw0rd1' });
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect(await password.verifyPassword(row?.passwordHash ?? '', 'New!Passw0rd1')).toBe(true);
  });
});
