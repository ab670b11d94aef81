import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from '@bank/auth/cipher';
import { totpAt, totpStep } from '@bank/auth/totp';
import type { DbHandle } from '@bank/db';
import { users } from '@bank/db/schema';
import { createTestDb, type TestDbOptions } from '@bank/db/testing';
import type { RegisterInput } from '@bank/validators/auth';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { createAppDeps, createContextInner } from '../context.ts';
import type { AppDeps, RequestInfo, SessionCookieJar } from '../deps.ts';
import { AppErrorCause, type AppErrorDetails } from '../errors.ts';
import { deliverDueEmails, mailboxFor, outboxMailer } from '../mail/outbox.ts';
import { mailboxTransport } from '../mail/transport.ts';
import { createAppAccess } from '../partners/access.ts';
import { createDbRateLimiter } from '../rate-limit.ts';
import { EventHub } from '../realtime/hub.ts';
import { createCaller } from '../root.ts';
import { ensureBankSettings } from '../settings/service.ts';
import { createLocalFileStorage } from '../support/storage.ts';
import { MemoryAppAccess } from './app-access.ts';

export interface RecordingJar extends SessionCookieJar {
  token: string | null;
  persistent: boolean | null;
}

export function recordingJar(): RecordingJar {
  const jar: RecordingJar = {
    token: null,
    persistent: null,
    set(token, options) {
      jar.token = token;
      jar.persistent = options.persistent;
    },
    clear() {
      jar.token = null;
    },
  };
  return jar;
}

export const testPassword = 'Str0ng!Passw0rd';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** A migrated database, the deps the procedures need, and helpers to act as a visitor. */
/** A registration as the sign-up form sends it: Test Customer unless `names` says otherwise. */
export function registrationInput(
  email: string,
  names: { firstName?: string; lastName?: string } = {},
): RegisterInput {
  return {
    firstName: names.firstName ?? 'Test',
    lastName: names.lastName ?? 'Customer',
    email,
    phoneNumber: '+15551234567',
    dateOfBirth: '1990-05-17',
    password: testPassword,
    confirmPassword: testPassword,
    acceptTerms: true,
  };
}

export async function createTestApp(options: TestDbOptions = {}) {
  const handle: DbHandle = await createTestDb(options);
  await ensureBankSettings(handle.db);
  const hub = new EventHub();
  await hub.start(handle);
  const filesDir = mkdtempSync(join(tmpdir(), 'bank-files-'));
  // Apps' tokens and grants: tests issue them as the OAuth provider would, or go through it.
  const now = () => new Date();
  const appAccess = new MemoryAppAccess(createAppAccess(handle.db, now));
  const deps: AppDeps = createAppDeps(handle, {
    now,
    appAccess,
    storage: createLocalFileStorage(filesDir),
    mailer: outboxMailer,
    rateLimiter: createDbRateLimiter(handle.db),
    hub,
    encryptionKey: randomBytes(32),
    publicUrl: 'http://bank.test',
    devMailbox: true,
  });
  const defaultRequest: RequestInfo = { ip: '203.0.113.7', userAgent: 'vitest' };

  /** A caller as the holder of `token` (or an anonymous visitor) would be. */
  async function caller(token?: string | null, request: Partial<RequestInfo> = {}) {
    const auth = token ? await deps.sessions.validate(token) : null;
    const cookies = recordingJar();
    const ctx = createContextInner({
      deps,
      auth,
      cookies,
      request: { ...defaultRequest, ...request },
    });
    const api = createCaller(ctx);
    // The caller is a proxy: pick its namespaces rather than spreading it.
    return {
      auth: api.auth,
      admin: api.admin,
      approvals: api.approvals,
      oversight: api.oversight,
      dev: api.dev,
      events: api.events,
      transactions: api.transactions,
      cards: api.cards,
      banks: api.banks,
      payees: api.payees,
      scheduled: api.scheduled,
      partners: api.partners,
      loans: api.loans,
      support: api.support,
      settings: api.settings,
      restrictions: api.restrictions,
      disputes: api.disputes,
      statements: api.statements,
      notifications: api.notifications,
      cookies,
    };
  }

  // Deliveries skip rows another delivery holds locked: two callers delivering at once
  // could each find the other's mail claimed and not yet committed. One delivery at a time here.
  let delivering: Promise<unknown> = Promise.resolve();
  async function mailbox(email: string) {
    const delivered = delivering.then(() => deliverDueEmails(handle.db, mailboxTransport, 100));
    delivering = delivered.catch(() => undefined);
    await delivered;
    return mailboxFor(handle.db, email);
  }

  /** The token of the newest link in the mailbox whose path is `path`. */
  async function tokenFromMail(
    email: string,
    path: '/verify-email' | '/reset-password' | '/set-password',
  ) {
    for (const message of await mailbox(email)) {
      for (const link of message.links) {
        const url = new URL(link);
        if (url.pathname === path) return url.searchParams.get('token') ?? '';
      }
    }
    throw new Error(`No ${path} link for ${email}`);
  }

  async function registerUser(
    overrides: Partial<{ email: string; firstName: string; lastName: string }> = {},
  ) {
    const email = overrides.email ?? uniqueEmail();
    // Each test registration comes from its own address: the per-address limit is tested alone.
    const anonymous = await caller(null, {
      ip: `10.${counter % 250}.${Math.floor(counter / 250)}.1`,
    });
    await anonymous.auth.register(registrationInput(email, overrides));
    return email;
  }

  async function registerVerified(
    overrides: Partial<{ email: string; firstName: string; lastName: string }> = {},
  ) {
    const email = await registerUser(overrides);
    const token = await tokenFromMail(email, '/verify-email');
    await (await caller()).auth.verifyEmail({ token });
    const [row] = await handle.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error('registered user missing');
    return { email, password: testPassword, id: row.id };
  }

  async function signIn(email: string, password = testPassword, rememberMe = false) {
    const visitor = await caller();
    const result = await visitor.auth.login({ email, password, rememberMe });
    if (!visitor.cookies.token) throw new Error('no session cookie set');
    return { token: visitor.cookies.token, ...result };
  }

  /** The current TOTP code of a user who finished or started set-up, `offsetSteps` ahead. */
  async function currentTotp(userId: string, offsetSteps = 0) {
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    const sealed = row?.twoFactorSecret ?? row?.twoFactorPendingSecret;
    if (!sealed) throw new Error('no TOTP secret');
    return totpAt(open(deps.encryptionKey, sealed), totpStep(Date.now()) + offsetSteps);
  }

  async function close() {
    await deps.ledger.close();
    await hub.stop();
    await handle.close();
    rmSync(filesDir, { recursive: true, force: true });
  }

  return {
    handle,
    db: handle.db,
    deps,
    appAccess,
    caller,
    mailbox,
    tokenFromMail,
    registerUser,
    registerVerified,
    signIn,
    currentTotp,
    close,
    filesDir,
    decodeSecret: decodeBase32IgnorePadding,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test file's own application and database, closed after its tests: awaited at the top of
 * the file (`const app = await createFileTestApp();`), so tests and helpers read it directly.
 */
export async function createFileTestApp(): Promise<TestApp> {
  const app = await createTestApp();
  afterAll(() => app.close());
  return app;
}

/** The error a promise rejected with, for asserting on code and message. */
export async function rejectionOf(promise: Promise<unknown>): Promise<{
  code?: string;
  message: string;
  details?: Array<{ field: string; message: string }>;
  reason?: string;
  /** A rule's figures (AppErrorCause's details: limit, used, resetsAt...). */
  figures?: AppErrorDetails;
}> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
      const cause = error.cause;
      const details =
        cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)
          ? cause.issues.map((issue: { path: unknown[]; message: string }) => ({
              field: issue.path.join('.'),
              message: issue.message,
            }))
          : undefined;
      const reason =
        cause && typeof cause === 'object' && 'reason' in cause && typeof cause.reason === 'string'
          ? cause.reason
          : undefined;
      const figures = cause instanceof AppErrorCause ? cause.details : undefined;
      return { code, message: error.message, details, reason, figures };
    }
    throw error;
  }
  throw new Error('expected the promise to reject');
}
