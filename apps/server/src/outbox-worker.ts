import { deliverDueEmails, type MailTransport } from '@bank/api/mail/outbox';
import type { Database } from '@bank/db';
import type { FastifyBaseLogger } from 'fastify';

/** Sends queued e-mail after commit, polling; several instances share rows via SKIP LOCKED. */
export function startOutboxWorker(
  db: Database,
  transport: MailTransport,
  log: Pick<FastifyBaseLogger, 'error'>,
  intervalMs = 500,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = deliverDueEmails(db, transport)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'outbox delivery failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
