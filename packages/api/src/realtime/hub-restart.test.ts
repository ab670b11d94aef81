import { createDb, type DbHandle } from '@bank/db';
import { events } from '@bank/db/schema';
import { canRunTestCluster, startTestCluster, type TestCluster } from '@bank/db/testing-cluster';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishEvent } from './events.ts';
import { EventHub } from './hub.ts';
import { readNewestEventId } from './replay.ts';

// A PostgreSQL server of this file's own, stopped and started under load (a PostgreSQL run).
const runs = Boolean(process.env.TEST_DATABASE_URL) && canRunTestCluster();
// Below the range the system hands out as connections' local ports (32768-60999 on Linux).
const port = Number(process.env.TEST_CLUSTER_PORT ?? 25402);

describe.runIf(runs)('realtime and reads across a database restart', () => {
  let cluster: TestCluster;
  let handle: DbHandle;
  const hub = new EventHub();

  beforeAll(async () => {
    cluster = startTestCluster(port);
    handle = await createDb({
      kind: 'postgres',
      url: cluster.url,
      poolSize: 10,
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 2_000,
    });
    await handle.migrate();
    await hub.start(handle);
  }, 60_000);
  afterAll(async () => {
    await hub.stop();
    await handle?.close();
    cluster?.close();
  });

  /** A transfer's event to `userId` (the write the finding's transfers made). */
  function transfer(userId: string, n: number) {
    return publishEvent(handle.db, userId, {
      type: 'transaction:new',
      data: {
        transactionId: `t-${n}`,
        type: 'transfer',
        status: 'completed',
        amount: 1,
        direction: 'credit',
        description: 'restart',
        newBalance: n,
        notify: true,
      },
    });
  }

  it('subscribers get every transaction:new exactly once, and every read is answered', async () => {
    const users = [crypto.randomUUID(), crypto.randomUUID()];
    const start = await readNewestEventId(handle.db);
    const controller = new AbortController();
    const subscribers = [0, 0, 1].map((index) => {
      const userId = users[index] ?? '';
      const received: string[] = [];
      const done = (async () => {
        for await (const envelope of hub.subscribe(userId, controller.signal)) {
          if (envelope.event.type === 'transaction:new') {
            received.push(envelope.event.data.transactionId);
          }
        }
      })();
      return { userId, received, done };
    });
    // Reads in flight through the restart: each ends (rows or an error), none hangs.
    let pending = 0;
    const outcomes: string[] = [];
    const read = () => {
      pending += 1;
      handle.db
        .execute(sql`select 1`)
        .then(
          () => outcomes.push('ok'),
          () => outcomes.push('error'),
        )
        .finally(() => {
          pending -= 1;
        });
    };
    let n = 0;
    const write = async () => {
      n += 1;
      await transfer(users[n % 2] ?? '', n).catch(() => {});
    };
    for (let i = 0; i < 10; i += 1) await write();
    for (let i = 0; i < 50; i += 1) read();
    cluster.stop('fast');
    for (let i = 0; i < 50; i += 1) read();
    await write();
    cluster.start();
    // At once after the start, before LISTEN is back: the finding's lost window.
    for (let i = 0; i < 20; i += 1) {
      read();
      await write();
    }
    await vi.waitFor(() => expect(pending).toBe(0), { timeout: 15_000, interval: 20 });
    expect(outcomes).toHaveLength(120);
    expect(outcomes.slice(-20)).toContain('ok');

    const expected = await vi.waitFor(
      async () => {
        const byUser = new Map<string, string[]>();
        for (const userId of users) {
          const rows = await handle.db
            .select({ id: sql<string>`${events.event}->'data'->>'transactionId'` })
            .from(events)
            .where(and(eq(events.userId, userId), gt(events.id, start)));
          byUser.set(
            userId,
            rows.map((row) => row.id),
          );
        }
        return byUser;
      },
      { timeout: 10_000 },
    );
    expect(expected.get(users[0] ?? '')?.length).toBeGreaterThan(10);
    for (const { userId, received } of subscribers) {
      await vi.waitFor(
        () => expect([...received].sort()).toEqual([...(expected.get(userId) ?? [])].sort()),
        { timeout: 20_000, interval: 50 },
      );
    }
    controller.abort();
    await Promise.all(subscribers.map((subscriber) => subscriber.done));
  });
});
