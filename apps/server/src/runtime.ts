import { join } from 'node:path';
import { type AppDeps, createAppDeps } from '@bank/api/context';
import { sweepExpired } from '@bank/api/housekeeping/sweep';
import { markArrears } from '@bank/api/loans/arrears';
import { deliverDueEmails, outboxMailer } from '@bank/api/mail/outbox';
import { mailboxTransport, smtpTransport } from '@bank/api/mail/transport';
import { createDbRateLimiter, createRedisRateLimiter } from '@bank/api/rate-limit';
import { EventHub } from '@bank/api/realtime/hub';
import { ensureBankSettings } from '@bank/api/settings/service';
import { createLocalFileStorage } from '@bank/api/support/storage';
import { settleDueTransactions } from '@bank/api/transactions/settlement';
import type { Config } from '@bank/config';
import { createDb } from '@bank/db';
import type { FastifyInstance } from 'fastify';
import { every } from './background.ts';
import { ensureAdmin } from './bootstrap.ts';
import { buildServer } from './server.ts';

export interface Runtime {
  app: FastifyInstance;
  /** Stops accepting, finishes in-flight requests, then closes workers and the pool. */
  stop(): Promise<void>;
}

/** Everything `start` does before listening: migrate, seed the bank, build the server. */
export async function startRuntime(config: Config): Promise<Runtime> {
  const handle = await createDb(config.database);
  await handle.migrate();
  await ensureBankSettings(handle.db);
  const adminResult = await ensureAdmin(handle.db, config.admin);

  const hub = new EventHub();
  await hub.start(handle);
  const redis = config.redisUrl
    ? // Loaded only when configured: the client costs ~0.1 s and some memory at every start.
      new (await import('ioredis')).Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
      })
    : undefined;
  const deps: AppDeps = createAppDeps(handle, {
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
  });
  if (adminResult === 'created')
    app.log.info(`Created the first administrator ${config.admin?.email}`);
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport;
  const tasks = [
    every('e-mail delivery', 500, () => deliverDueEmails(handle.db, transport), app.log),
    // External transfers and withdrawals clear after a few seconds in this sandbox.
    every(
      'settlement',
      2_000,
      () => settleDueTransactions(deps, config.settlementDelayMs),
      app.log,
    ),
    every('housekeeping', 60 * 60_000, () => sweepExpired(handle.db), app.log),
    // Overdue and defaulted loans (no money moves by itself).
    every('loan arrears', 60 * 60_000, () => markArrears(handle.db), app.log),
  ];

  let stopping: Promise<void> | undefined;
  return {
    app,
    stop() {
      stopping ??= (async () => {
        await app.close();
        await Promise.all(tasks.map((task) => task.stop()));
        await hub.stop();
        await redis?.quit();
        await handle.close();
      })();
      return stopping;
    },
  };
}
