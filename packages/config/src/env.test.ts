import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'bank-config-'));

/** A production environment with its required key, in a fresh DATA_DIR; `env` adds the rest. */
const inProduction = (env: Record<string, string>) => ({
  DATA_DIR: dataDir(),
  NODE_ENV: 'production',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  ...env,
});

describe('loadConfig', () => {
  it('defaults to the embedded database and generates the key once, in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(3000);
    expect(first.database).toEqual({ kind: 'pglite', dir: join(dir, 'pglite') });
    expect(first.encryptionKey).toHaveLength(32);
    expect(readFileSync(join(dir, 'encryption.key'), 'utf8')).toBe(
      first.encryptionKey.toString('base64'),
    );
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it('gives a stop 10 s by default (SHUTDOWN_GRACE_MS) and refuses less than a second', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_MS: '3000' }).shutdownGraceMs).toBe(
      3_000,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_MS: '10' })).toThrow(
      /SHUTDOWN_GRACE_MS/,
    );
  });

  it('sends webhooks to this machine only outside production, and to public https in it', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webhookTargets).toBe('loopback');
    const production = inProduction({ SMTP_URL: 'smtp://mail:25' });
    expect(loadConfig(production).webhookTargets).toBe('public');
    expect(() => loadConfig({ ...production, WEBHOOK_TARGETS: 'loopback' })).toThrow(
      /WEBHOOK_TARGETS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBHOOK_TARGETS: 'anywhere' })).toThrow(
      /WEBHOOK_TARGETS/,
    );
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
    });
    expect(config.admin).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('keeps the development mailbox out of production unless asked for', () => {
    const demo = loadConfig(inProduction({ DEV_MAILBOX: 'true' }));
    expect(demo.devMailbox).toBe(true);
    const real = loadConfig(inProduction({ SMTP_URL: 'smtp://mail:25' }));
    expect(real.devMailbox).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }).devMailbox).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db:5432/bank' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/bank',
      poolSize: 10,
      directUrl: undefined,
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 30_000,
      connectionLifetimeMs: 1_800_000,
    });
  });

  it('takes a direct URL beside a pooler, and the time-outs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@pgbouncer:6432/bank',
      DATABASE_DIRECT_URL: 'postgres://u@db:5432/bank',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000',
      DATABASE_CONNECTION_LIFETIME_MS: '600000',
    });
    expect(config.database).toMatchObject({
      url: 'postgres://u@pgbouncer:6432/bank',
      directUrl: 'postgres://u@db:5432/bank',
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 9_000,
      connectionLifetimeMs: 600_000,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_DIRECT_URL: 'db:5432' }, 'DATABASE_DIRECT_URL'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DATABASE_CONNECTION_LIFETIME_MS: '0' }, 'DATABASE_CONNECTION_LIFETIME_MS'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'Secret#123' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'root@bank.test' }, 'ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }, 'ENCRYPTION_KEY'],
    [{ NODE_ENV: 'production', ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') }, 'SMTP_URL'],
  ])('stops on a bad value of %o naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });
});
