/** The part of the server's logger a stop uses (tests pass their own). */
export interface StopLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One part of a graceful stop: `maxShare` of the grace period at most. */
export interface StopStep {
  name: string;
  maxShare: number;
  run(): Promise<unknown>;
  /** Called when the step ran out of time, before the next one starts (e.g. cut connections). */
  abandon?(): void;
}

/**
 * Runs the steps in order, each until it ends or its deadline passes (its share of `graceMs`,
 * and never past the whole grace period), so that a stop ends within `graceMs` whatever hangs.
 * A step that ran out of time is logged and left behind; the names of the steps that failed or
 * were left behind are returned (none: a clean stop).
 */
export async function stopInSteps(
  steps: readonly StopStep[],
  graceMs: number,
  log: StopLog,
): Promise<string[]> {
  const end = Date.now() + graceMs;
  const unfinished: string[] = [];
  for (const step of steps) {
    const ms = Math.max(0, Math.min(step.maxShare * graceMs, end - Date.now()));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    });
    const done = step.run().then(
      (): 'done' => 'done',
      (error: unknown): 'failed' => {
        log.error({ err: error, step: step.name }, `shutdown: ${step.name} failed`);
        return 'failed';
      },
    );
    const outcome = await Promise.race([done, late]);
    clearTimeout(timer);
    if (outcome !== 'done') unfinished.push(step.name);
    if (outcome === 'late') {
      log.warn(
        { step: step.name, ms: Math.round(ms) },
        `shutdown: ${step.name} abandoned after its deadline`,
      );
      step.abandon?.();
    }
  }
  return unfinished;
}
