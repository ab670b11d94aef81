/** One item's outcome in a batch: its value, or the error that item alone answers. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions {
  /** Batches running at once; what arrives meanwhile waits and goes together in the next. */
  maxInFlight: number;
  /** Items in one batch at most. */
  maxBatch: number;
  /**
   * After a batch, wait up to this long (ms) for as many items as the batch answered and were
   * waiting then: callers answered together come back into one batch with those who waited,
   * instead of settling in two alternating half batches. 0 (the default): never wait.
   */
  lingerMs?: number;
}

/**
 * Natural batching (group commit): items submitted while earlier batches are running queue up
 * and run together as soon as one finishes. A lone item runs on the next turn of the event
 * loop, so batching adds no waiting when the server is quiet; under load, one database round
 * trip serves many requests.
 */
export class Batcher<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Items the last batch answered plus those waiting when it ended. */
  private expected = 0;
  private lingering: NodeJS.Timeout | undefined;

  constructor(
    private readonly runBatch: (items: I[]) => Promise<Settled<O>[]>,
    private readonly options: BatcherOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0)
      return;
    const lingerMs = this.options.lingerMs ?? 0;
    if (lingerMs > 0 && this.queue.length < Math.min(this.expected, this.options.maxBatch)) {
      // Whoever is not back in time is not waited for again.
      this.lingering ??= setTimeout(() => {
        this.lingering = undefined;
        this.expected = 0;
        this.schedule();
      }, lingerMs);
      return;
    }
    clearTimeout(this.lingering);
    this.lingering = undefined;
    this.scheduled = true;
    // setImmediate runs after the I/O callbacks of this turn: every request already read from
    // the sockets joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.expected = batch.length + this.queue.length;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting<I, O>[]) {
    try {
      const results = await this.runBatch(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        const result = results[index];
        if (!result) waiting.reject(new Error('The batch answered fewer items than it was given'));
        else if (result.ok) waiting.resolve(result.value);
        else waiting.reject(result.error);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
