import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs`, never two at once; stop() waits for a run in progress.
 * Every instance runs the same tasks: each claims its rows with SKIP LOCKED.
 */
export function every(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'error'>,
): PeriodicTask {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
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
