import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The database time-outs' defaults, also what createDb uses when given none. */
export const databaseTimeoutDefaults = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  connectionLifetimeMs: 1_800_000,
} as const;

/** The one place that reads the environment (STYLE.md 3). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * A session-mode connection for what a transaction pooler cannot carry (LISTEN, the
   * migrations and their lock). Set: DATABASE_URL may name PgBouncer in transaction mode.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Opening a connection gives up after this (then the request answers an error). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(databaseTimeoutDefaults.connectTimeoutMs),
  /** The server cancels a statement running longer; 0 turns it off. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(databaseTimeoutDefaults.statementTimeoutMs),
  /** The server ends a session left idle inside a transaction this long; 0 turns it off. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(databaseTimeoutDefaults.idleInTransactionTimeoutMs),
  /**
   * A pool connection is closed and replaced once this old (when next idle, with jitter), so no
   * connection, or its prepared statements, outlives a failover or a pooler's reload for long.
   */
  DATABASE_CONNECTION_LIFETIME_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(86_400_000)
    .default(databaseTimeoutDefaults.connectionLifetimeMs),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bank <no-reply@bank.local>'),
  /** Production without SMTP must opt in to the public development mailbox (a demo only). */
  DEV_MAILBOX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** 32 bytes, base64: encrypts card numbers and 2FA secrets, keys the CVV hash. */
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long an external transfer or withdrawal stays pending before the sandbox clears it. */
  SETTLEMENT_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(10_000),
  /**
   * How often each instance looks for scheduled transfers that are due (at most a minute: a
   * payment due today runs within a minute). The journeys shorten it.
   */
  SCHEDULE_RUN_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
  /**
   * How often each instance e-mails what came in (money in, failed payments), one e-mail per
   * customer for all since the last round. The journeys shorten it.
   */
  MONEY_MAIL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** SIGTERM: how long the stop may take in all, each step with its own deadline (README). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Where apps' webhooks may go: `loopback` (this machine only; the default outside production)
   * or `public` (https to public addresses only; always in production).
   */
  WEBHOOK_TARGETS: z.enum(['loopback', 'public']).optional(),
  /** Origins allowed to call /api/v1 from a browser (CORS), comma-separated; none by default. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(
      z.array(
        z
          .url()
          .refine(
            (url) => new URL(url).origin === url,
            'must be an origin like https://app.example.com',
          ),
      ),
    ),
});

export type Env = z.infer<typeof envSchema>;

export interface PostgresOptions {
  kind: 'postgres';
  url: string;
  poolSize: number;
  /** Session-bound work (LISTEN, migrations) goes here when DATABASE_URL is a pooler. */
  directUrl?: string;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  connectionLifetimeMs?: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: PostgresOptions | { kind: 'pglite'; dir: string };
  smtpUrl: string | undefined;
  /** Mail is kept and shown at /dev/mailbox instead of sent (no SMTP configured). */
  devMailbox: boolean;
  mailFrom: string;
  redisUrl: string | undefined;
  admin: { email: string; password: string } | undefined;
  encryptionKey: Buffer;
  publicUrl: string;
  /** PUBLIC_URL was left unset (publicUrl is then this machine's own address). */
  publicUrlIsDefault: boolean;
  webDistDir: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  settlementDelayMs: number;
  scheduleRunIntervalMs: number;
  moneyMailIntervalMs: number;
  corsOrigins: string[];
  shutdownGraceMs: number;
  webhookTargets: 'loopback' | 'public';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (as compose passes an unset one) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  if (isProduction && !env.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production (32 bytes, base64)',
    );
  }
  if (isProduction && !env.SMTP_URL && !env.DEV_MAILBOX) {
    // The mailbox shows reset links to anyone: never silently in production.
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (or DEV_MAILBOX=true for a demo whose mail anyone may read)',
    );
  }
  if (isProduction && env.WEBHOOK_TARGETS === 'loopback') {
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_TARGETS: loopback is for development; production sends webhooks to public https URLs only',
    );
  }
  const encryptionKey = env.ENCRYPTION_KEY
    ? Buffer.from(env.ENCRYPTION_KEY, 'base64')
    : loadOrCreateKey(dataDir);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          directUrl: env.DATABASE_DIRECT_URL,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          connectionLifetimeMs: env.DATABASE_CONNECTION_LIFETIME_MS,
        }
      : { kind: 'pglite', dir: join(dataDir, 'pglite') },
    smtpUrl: env.SMTP_URL,
    devMailbox: !env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    encryptionKey,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    settlementDelayMs: env.SETTLEMENT_DELAY_MS,
    scheduleRunIntervalMs: env.SCHEDULE_RUN_INTERVAL_MS,
    moneyMailIntervalMs: env.MONEY_MAIL_INTERVAL_MS,
    corsOrigins: env.CORS_ORIGINS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    webhookTargets: env.WEBHOOK_TARGETS ?? (isProduction ? 'public' : 'loopback'),
  };
}

/** Embedded mode: a missing key is generated once and kept in DATA_DIR. */
function loadOrCreateKey(dataDir: string): Buffer {
  const file = join(dataDir, 'encryption.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32)
      throw new ConfigError(`Invalid configuration:\n  ${file}: not a 32-byte key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** Test runs: the optional real PostgreSQL for integration tests. */
export function testDatabaseUrl(source: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = source.TEST_DATABASE_URL;
  return value && value.length > 0 ? value : undefined;
}
