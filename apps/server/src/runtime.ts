import { join } from 'node:path';
import { createAppDeps } from '@bank/api/context';
import type { AppDeps } from '@bank/api/deps';
import { sweepExpired } from '@bank/api/housekeeping/sweep';
import { markArrears } from '@bank/api/loans/arrears';
import { deliverDueEmails, outboxMailer } from '@bank/api/mail/outbox';
import { mailboxTransport, smtpTransport } from '@bank/api/mail/transport';
import { mailMoneyNotices } from '@bank/api/notifications/money-mail';
import { createAppAccess } from '@bank/api/partners/access';
import { createDbRateLimiter, createRedisRateLimiter } from '@bank/api/rate-limit';
import { EventHub } from '@bank/api/realtime/hub';
import { runDueScheduledTransfers } from '@bank/api/scheduled/runner';
import { ensureBankSettings } from '@bank/api/settings/service';
import { createLocalFileStorage } from '@bank/api/support/storage';
import { settleDueTransactions } from '@bank/api/transactions/settlement';
import { dispatchWebhooks } from '@bank/api/webhooks/dispatcher';
import { createHttpSender } from '@bank/api/webhooks/sender';
import type { Config } from '@bank/config';
import { createDb } from '@bank/db';
import type { FastifyInstance } from 'fastify';
import { every } from './background.ts';
import { ensureAdmin } from './bootstrap.ts';
import { buildServer } from './server.ts';
import { stopInSteps } from './shutdown.ts';

export interface Runtime {
  app: FastifyInstance;
  /**
   * Stops accepting, finishes in-flight requests, then closes workers and the pool, within
   * SHUTDOWN_GRACE_MS in all; answers the steps that failed or ran out of time (none: clean).
   */
  stop(): Promise<string[]>;
}

/** Everything `start` does before listening: migrate, seed the bank, build the server. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const handle = await createDb(config.database);
  await handle.migrate();
  await ensureBankSettings(handle.db);
  const adminResult = await ensureAdmin(handle.db, config.admin);

  const hub = new EventHub();
  await hub.start(handle);
  // Loaded only when configured: the client costs ~0.1 s and some memory at every start.
  const redisModule = config.redisUrl ? await import('./redis.ts') : undefined;
  const redis = config.redisUrl ? redisModule?.connectRedis(config.redisUrl) : undefined;
  // The OAuth provider's tokens and customers' consents, read from the database on every call:
  // /api/v1 takes apps' tokens, and webhooks go to the apps customers granted.
  const now = () => new Date();
  const appAccess = createAppAccess(handle.db, now);
  const deps: AppDeps = createAppDeps(handle, {
    now,
    appAccess,
    webhookTargets: config.webhookTargets,
    storage: createLocalFileStorage(join(config.dataDir, 'attachments')),
    mailer: outboxMailer,
    rateLimiter: redis ? createRedisRateLimiter(redis) : createDbRateLimiter(handle.db),
    hub,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    devMailbox: config.devMailbox,
  });
  const app = await buildServer({
    deps,
    production: config.isProduction,
    secureCookies: config.isProduction,
    linkOriginFromLoopback: config.publicUrlIsDefault,
    webDistDir: config.webDistDir,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    readinessChecks: redis ? { redis: () => redis.ping() } : {},
  });
  if (redis) redisModule?.logRedisOutages(redis, app.log);
  if (adminResult === 'created')
    app.log.info(`Created the first administrator ${config.admin?.email}`);
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport;
  const webhookSender = createHttpSender({ policy: config.webhookTargets });
  const tasks = [
    every('e-mail delivery', 500, () => deliverDueEmails(handle.db, transport), app.log),
    // External transfers and withdrawals clear after a few seconds in this sandbox.
    every(
      'settlement',
      2_000,
      () => settleDueTransactions(deps, config.settlementDelayMs),
      app.log,
    ),
    // Scheduled transfers: every instance looks; each date is paid once (keyed by schedule and date).
    every(
      'scheduled transfers',
      config.scheduleRunIntervalMs,
      () => runDueScheduledTransfers(deps),
      app.log,
    ),
    // Apps' webhooks: every instance fans out and sends, each claiming its rows (SKIP LOCKED).
    every(
      'webhooks',
      1_000,
      () =>
        dispatchWebhooks({
          db: handle.db,
          appAccess,
          encryptionKey: config.encryptionKey,
          sender: webhookSender,
          now: deps.now,
        }),
      app.log,
    ),
    // Money in and failed payments, by e-mail: what came in during a round goes out as one.
    every('money e-mails', config.moneyMailIntervalMs, () => mailMoneyNotices(deps), app.log),
    // Events a write kept but no expansion announced (a crash, the database gone a while):
    // announced at start and after (decision 048).
    every(
      'kept events',
      5_000,
      () => {
        deps.ledger.announceKept();
        return deps.ledger.announced();
      },
      app.log,
    ),
    every('housekeeping', 60 * 60_000, () => sweepExpired(handle.db), app.log),
    // Overdue and defaulted loans (no money moves by itself).
    every('loan arrears', 60 * 60_000, () => markArrears(handle.db), app.log),
  ];

  let stopping: Promise<string[]> | undefined;
  return {
    app,
    stop() {
      // Each step has its own deadline (a share of the grace period): a request stuck on a
      // dead database or a socket that stopped reading cannot hold the stop.
      stopping ??= stopInSteps(
        [
          {
            name: 'HTTP server',
            maxShare: 0.6,
            run: async () => {
              // close() closes the connections idle when it begins; one that turns idle later
              // (its answer sent) would wait for keepAliveTimeout (72 s): closed as it does.
              const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
              try {
                await app.close();
              } finally {
                clearInterval(sweep);
              }
            },
            // What is still in flight is cut off: its caller retries (keyed,
            // docs/architecture.md 3).
            abandon: () => app.server.closeAllConnections(),
          },
          {
            name: 'background tasks',
            maxShare: 0.15,
            run: () => Promise.all(tasks.map((task) => task.stop())),
          },
          // The last answers' events: announced now rather than by the next start.
          { name: 'ledger events', maxShare: 0.05, run: () => deps.ledger.close() },
          { name: 'event hub', maxShare: 0.05, run: () => hub.stop() },
          {
            name: 'Redis',
            maxShare: 0.05,
            run: async () => redis?.quit(),
            abandon: () => redis?.disconnect(),
          },
          { name: 'database', maxShare: 1, run: () => handle.close() },
        ],
        config.shutdownGraceMs,
        app.log,
      );
      return stopping;
    },
  };
}
