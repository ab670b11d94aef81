import { auditLog, sessions, users } from '@bank/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFileTestApp, rejectionOf, type TestApp } from '../testing/harness.ts';

// For the administrators' oversight screens: the security screen's server side: open sessions and ending one, failed sign-ins
// by address, the audit log's filters, and who may call any of it.

const app = await createFileTestApp();

async function signedIn(role: 'user' | 'admin' | 'support', firstName = 'Test') {
  const user = await app.registerVerified({ firstName });
  if (role !== 'user') await app.db.update(users).set({ role }).where(eq(users.id, user.id));
  const { token } = await app.signIn(user.email);
  return { ...user, token, api: await app.caller(token) };
}

const sessionIdOf = (token: string) => token.split('.')[0] ?? '';

describe('who may oversee', () => {
  const calls: Array<[string, (api: Awaited<ReturnType<TestApp['caller']>>) => Promise<unknown>]> =
    [
      ['stats', (api) => api.oversight.stats()],
      ['recentActivity', (api) => api.oversight.recentActivity()],
      ['analytics', (api) => api.oversight.analytics({ days: 7 })],
      ['analyticsCsv', (api) => api.oversight.analyticsCsv({ days: 30 })],
      ['sessions', (api) => api.oversight.sessions({})],
      ['endSession', (api) => api.oversight.endSession({ id: 'abcdefghijklmnopqrstuvwx' })],
      ['signInFailures', (api) => api.oversight.signInFailures({})],
    ];

  it.each(
    calls,
  )('%s: refused to customers and support (403) and when signed out (401)', async (_, call) => {
    const customer = await signedIn('user');
    const agent = await signedIn('support');
    // One at a time: a rejection not yet awaited would count as unhandled.
    expect(await rejectionOf(call(customer.api))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejectionOf(call(agent.api))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejectionOf(call(await app.caller()))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('open sessions', () => {
  it('lists every user’s open sessions with address, device and last seen, and filters by user', async () => {
    const admin = await signedIn('admin', 'Warden');
    const grace = await app.registerVerified({ firstName: 'Grace' });
    const phone = await app.caller(null, { ip: '198.51.100.23', userAgent: 'Grace’s phone' });
    await phone.auth.login({ email: grace.email, password: grace.password, rememberMe: false });
    // An expired session is not open.
    const stale = await app.signIn(grace.email);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(stale.token)));

    const all = await admin.api.oversight.sessions({ limit: 100 });
    expect(all.data.filter((row) => row.current)).toEqual([
      expect.objectContaining({
        id: sessionIdOf(admin.token),
        user: expect.objectContaining({ id: admin.id }),
      }),
    ]);
    const mine = await admin.api.oversight.sessions({ user: 'grace' });
    expect(mine.total).toBe(1);
    expect(mine.data).toEqual([
      expect.objectContaining({
        ip: '198.51.100.23',
        userAgent: 'Grace’s phone',
        lastSeenAt: expect.any(String),
        current: false,
        user: expect.objectContaining({ id: grace.id, email: grace.email, firstName: 'Grace' }),
      }),
    ]);
    expect(mine.data[0]?.id).not.toBe(sessionIdOf(stale.token));
    // The secret half of a token is never part of the answer.
    expect(JSON.stringify(mine)).not.toContain(stale.token);
    expect(await admin.api.oversight.sessions({ user: '%' })).toMatchObject({ total: 0 });
  });

  it('keeps last seen to within a few minutes of the session’s last request', async () => {
    const admin = await signedIn('admin');
    const user = await app.registerVerified();
    const { token } = await app.signIn(user.email);
    const id = sessionIdOf(token);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await app.db.update(sessions).set({ lastSeenAt: tenMinutesAgo }).where(eq(sessions.id, id));
    await (await app.caller(token)).transactions.balance();
    const [row] = (await admin.api.oversight.sessions({ user: user.email })).data;
    expect(Date.parse(row?.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Within the resolution, a request writes nothing.
    const oneMinuteAgo = new Date(Date.now() - 60_000);
    await app.db.update(sessions).set({ lastSeenAt: oneMinuteAgo }).where(eq(sessions.id, id));
    await (await app.caller(token)).transactions.balance();
    const [again] = await app.db.select().from(sessions).where(eq(sessions.id, id));
    expect(again?.lastSeenAt.getTime()).toBe(oneMinuteAgo.getTime());
  });

  it('ends one session: its token stops working at once, the others go on, and it is audited', async () => {
    const admin = await signedIn('admin');
    const victim = await app.registerVerified();
    const laptop = await app.signIn(victim.email);
    const phone = await app.signIn(victim.email);

    const answer = await admin.api.oversight.endSession({ id: sessionIdOf(laptop.token) });
    expect(answer).toEqual({ message: 'The session was signed out' });
    expect(
      await rejectionOf((await app.caller(laptop.token)).transactions.balance()),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await app.caller(phone.token)).transactions.balance()).resolves.toBeDefined();

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'auth.session_ended'), eq(auditLog.userId, victim.id)));
    expect(entry).toMatchObject({ actorId: admin.id, details: { via: 'administrator' } });

    expect(
      await rejectionOf(admin.api.oversight.endSession({ id: sessionIdOf(laptop.token) })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
  });

  it('refuses to end the administrator’s own session, and a malformed id', async () => {
    const admin = await signedIn('admin');
    expect(
      await rejectionOf(admin.api.oversight.endSession({ id: sessionIdOf(admin.token) })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'This is your own session: sign out instead' });
    expect(await rejectionOf(admin.api.oversight.endSession({ id: 'no such/id' }))).toMatchObject({
      details: [{ field: 'id', message: 'Session not found' }],
    });
  });
});

describe('failed sign-ins by address', () => {
  it('groups the failures by address with their count, last attempt and e-mails tried', async () => {
    const admin = await signedIn('admin');
    const known = await app.registerVerified();
    const from = async (ip: string, email: string) => {
      const visitor = await app.caller(null, { ip });
      await rejectionOf(
        visitor.auth.login({ email, password: 'Wrong!Passw0rd1', rememberMe: false }),
      );
    };
    await from('192.0.2.50', known.email);
    await from('192.0.2.50', 'ghost@example.com');
    await from('192.0.2.50', known.email);
    await from('192.0.2.99', 'ghost@example.com');
    // An old failure falls outside the window.
    await app.db.insert(auditLog).values({
      event: 'auth.login.failure',
      email: 'old@example.com',
      ip: '192.0.2.50',
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });

    const week = await admin.api.oversight.signInFailures({ days: 7 });
    expect(week.total).toBe(2);
    expect(week.data).toEqual([
      {
        ip: '192.0.2.50',
        attempts: 3,
        lastAttempt: expect.any(String),
        emailCount: 2,
        emails: [known.email, 'ghost@example.com'].sort(),
      },
      {
        ip: '192.0.2.99',
        attempts: 1,
        lastAttempt: expect.any(String),
        emailCount: 1,
        emails: ['ghost@example.com'],
      },
    ]);
    const month = await admin.api.oversight.signInFailures({ days: 30 });
    expect(month.data[0]).toMatchObject({ ip: '192.0.2.50', attempts: 4, emailCount: 3 });
    expect(
      (await rejectionOf(admin.api.oversight.signInFailures({ days: 2 as 7 }))).details,
    ).toEqual([{ field: 'days', message: 'Window must be 1, 7 or 30 days' }]);
  });
});

describe('the audit log’s filters', () => {
  it('filters by event, by user (e-mail or name) and by days, UTC, both inclusive', async () => {
    const admin = await signedIn('admin');
    const ada = await app.registerVerified({ firstName: 'Adaline' });
    await app.db.insert(auditLog).values([
      { event: 'user.blocked', userId: ada.id, createdAt: new Date('2026-01-10T23:59:59Z') },
      { event: 'user.unblocked', userId: ada.id, createdAt: new Date('2026-01-12T00:00:00Z') },
    ]);

    const blocks = await admin.api.admin.auditLog({ event: 'user.blocked', user: 'adaline' });
    expect(blocks.data.map((row) => row.event)).toEqual(['user.blocked']);
    const byEmail = await admin.api.admin.auditLog({ user: ada.email.toUpperCase(), limit: 100 });
    expect(new Set(byEmail.data.map((row) => row.userId))).toEqual(new Set([ada.id]));
    expect(byEmail.total).toBe(byEmail.data.length);
    const tenth = await admin.api.admin.auditLog({
      startDate: '2026-01-10',
      endDate: '2026-01-10',
    });
    expect(tenth.data.map((row) => row.event)).toEqual(['user.blocked']);
    const eleventhOn = await admin.api.admin.auditLog({
      startDate: '2026-01-11',
      endDate: '2026-01-12',
    });
    expect(eleventhOn.data.map((row) => row.event)).toEqual(['user.unblocked']);
    expect(
      (await rejectionOf(admin.api.admin.auditLog({ event: 'made.up' as 'user.blocked' }))).details,
    ).toEqual([{ field: 'event', message: 'Unknown event' }]);
  });
});
