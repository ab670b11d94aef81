import type { Database, Executor } from '@bank/db';
import { messages } from '@bank/validators/messages';
import { TRPCError } from '@trpc/server';
import { TransactionRollbackError } from 'drizzle-orm';
import { Batcher, type Settled } from '../batching.ts';
import { appError } from '../errors.ts';
import { utcDay } from './account-state.ts';
import { Book } from './book.ts';
import { replayOf, storedRefusal } from './idempotency.ts';
import { KeptEventsExpander } from './kept-events.ts';
import { KnownAccounts } from './known-accounts.ts';
import type { LedgerSettings, LedgerView, Needs, Posted, Posting } from './posting.ts';
import { readLedger } from './read.ts';
import { withDbRetry } from './retry.ts';
import { type LedgerChanges, writeLedger } from './write.ts';

/** A posting in the desk, its answer's type kept inside its closures. */
interface Ticket {
  needs: Needs;
  key: { userId: string; key: string } | undefined;
  /** The session the customer acts through, when a customer's request made the posting. */
  session: string | undefined;
  /** Judges against the book (applying what it accepts); answers how to finish once written. */
  judge(book: Book): Judged;
}

interface Judged {
  finish(): void;
  /** The posting's own rows, written in the money's transaction (Verdict.record). */
  record?(tx: Executor): Promise<void>;
}

export interface LedgerDeskOptions {
  /** Judging again after another writer changed an account: this often, then the batch gives up. */
  maxAttempts?: number;
  /** The write (tests replace it to fail on purpose). */
  write?: typeof writeLedger;
  /** See BatcherOptions.lingerMs (default 2). */
  lingerMs?: number;
  /** The clock rules judge by (expiring freezes and holds); tests inject one. */
  now?: () => Date;
}

/**
 * The one front door of the money (docs/architecture.md 3, docs/decisions/013): every movement is a
 * posting submitted here. Postings that arrive together form a batch: one statement reads what
 * the batch needs, the rules judge each posting in arrival order against what the earlier ones
 * left, and one checked write records everything, only if every account a decision rested on is
 * still as read. Built once per instance (AppDeps).
 */
export class LedgerDesk {
  private readonly batcher: Batcher<Ticket, () => void>;
  /** Keyed postings not yet answered here: a duplicate waits for the first, then replays it. */
  private readonly keysInFlight = new Map<string, Promise<unknown>>();
  /** What this desk last knew of the accounts, so that most batches need no read. */
  private readonly known = new KnownAccounts();
  private readonly maxAttempts: number;
  private readonly write: typeof writeLedger;
  private readonly now: () => Date;
  /** Expands the events the writes kept, after they commit (decision 048). */
  private readonly events: KeptEventsExpander;

  constructor(
    private readonly db: Database,
    /** The bank's settings (the settings cache, read once a batch). */
    private readonly settings: { get(): Promise<LedgerSettings> },
    options: LedgerDeskOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 50;
    this.write = options.write ?? writeLedger;
    this.now = options.now ?? (() => new Date());
    this.events = new KeptEventsExpander(db);
    // One batch at a time: a second one in flight only queued behind the first's row locks
    // and halved the batches (measured: same throughput, a longer tail; decision 012).
    this.batcher = new Batcher<Ticket, () => void>((tickets) => this.settle(tickets), {
      maxInFlight: 1,
      maxBatch: 128,
      // Under load the desk, not the callers, sets the pace: 16 clients settled as two
      // alternating batches of ~8, one write each. Waiting up to 2 ms for the answered callers
      // to come back makes one batch of 16 per write (measured 2026-11-24: README, Benchmark).
      lingerMs: options.lingerMs ?? 2,
    });
  }

  /**
   * `session`: the session a customer's request acts through. The batch's write confirms it is
   * still open in the statement that moves the money (a session ended meanwhile answers 401 and
   * moves nothing), so the caller may have taken it from the session cache (decision 022).
   */
  submit<R>(posting: Posting<R>, session?: string): Promise<Posted<R>> {
    const claim = posting.idempotency;
    if (!claim) return this.enqueue(posting, session);
    const id = `${claim.userId} ${claim.key}`;
    const earlier = this.keysInFlight.get(id) ?? Promise.resolve();
    const answer = earlier.then(
      () => this.enqueue(posting, session),
      () => this.enqueue(posting, session),
    );
    this.keysInFlight.set(id, answer);
    const forget = () => {
      if (this.keysInFlight.get(id) === answer) this.keysInFlight.delete(id);
    };
    answer.then(forget, forget);
    return answer;
  }

  /**
   * A dry run: judges `posting` by its own rules against the ledger as it stands, and moves
   * nothing, stores nothing and claims no key. The refusal the posting would meet, or
   * undefined when it would go through (unless something changes before it is sent).
   */
  async judgeOnly(
    posting: Posting<unknown>,
    session: string | undefined,
  ): Promise<TRPCError | undefined> {
    const settings = await this.settings.get();
    const { users = [], accountNumbers = [], pending = [] } = posting.needs;
    const read = await withDbRetry(() =>
      readLedger(this.db, {
        users,
        accountNumbers,
        transactions: pending,
        sessions: session === undefined ? [] : [session],
        keys: [],
      }),
    );
    const book = new Book(read, new Date(), settings);
    // As for a real posting, the session may come from the cache (decision 022): confirmed here.
    if (session !== undefined && !book.sessionOpen(session))
      return appError('UNAUTHORIZED', messages.sessionExpired);
    const verdict = posting.judge(book);
    return 'refused' in verdict ? verdict.refused : undefined;
  }

  /**
   * Expands the events of writes that committed without their expansion (a crash, a database
   * that went away): at start and from a periodic sweep. Any instance may expand any row.
   */
  announceKept(): void {
    this.events.expand();
  }

  /**
   * Resolves once the events of every movement answered so far are in the log, the inbox and the
   * webhook queue, and NOTIFYed: an answer may reach its caller a moment before them.
   */
  announced(): Promise<void> {
    return this.events.idle();
  }

  /**
   * As announced(), waiting `ms` at most: a customer reading their inbox finds the movements
   * they were just answered, without hanging while the database is away (the read then fails
   * on its own).
   */
  async announcedWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    });
    await Promise.race([this.events.idle(), late]).finally(() => clearTimeout(timer));
  }

  /** Lets the expansion in progress finish (a clean stop); none starts after. */
  close(): Promise<void> {
    return this.events.close();
  }

  private enqueue<R>(posting: Posting<R>, session: string | undefined): Promise<Posted<R>> {
    return new Promise<Posted<R>>((resolve, reject) => {
      const claim = posting.idempotency;
      const ticket: Ticket = {
        needs: posting.needs,
        key: claim,
        session,
        judge(book): Judged {
          // Not an answer of the request: nothing is stored under its key, which stays free.
          if (session !== undefined && !book.sessionOpen(session))
            return { finish: () => reject(appError('UNAUTHORIZED', messages.sessionExpired)) };
          if (claim) {
            const stored = book.storedAnswer(claim.userId, claim.key);
            if (stored) {
              try {
                const replayed = replayOf(stored, claim);
                return { finish: () => resolve(replayed) };
              } catch (error) {
                return { finish: () => reject(error) };
              }
            }
          }
          const judged = posting.judge(book);
          // Freezes and holds are judged here for every kind, from the same read.
          const restricted =
            'refused' in judged ? undefined : book.restrictionRefusal(judged.effects);
          const verdict = restricted ? { refused: restricted } : judged;
          if ('refused' in verdict) {
            if (claim) book.storeAnswer({ ...claim, response: storedRefusal(verdict.refused) });
            return { finish: () => reject(verdict.refused) };
          }
          const applied = book.apply(verdict.effects);
          const value = verdict.answer(applied);
          if (claim) book.storeAnswer({ ...claim, response: { ok: true, data: value } });
          const record = verdict.record;
          return {
            finish: () => resolve({ value, replayed: false }),
            ...(record ? { record: (tx: Executor) => record(tx, applied) } : {}),
          };
        },
      };
      this.batcher.submit(ticket).then((finish) => finish(), reject);
    });
  }

  private async settle(tickets: Ticket[]): Promise<Settled<() => void>[]> {
    try {
      const settings = await this.settings.get();
      for (let attempt = 1; ; attempt += 1) {
        // After a conflict the batch is read afresh: stored answers and others' moves are found.
        const fresh = attempt > 1;
        const finished = await withDbRetry(() => this.trySettle(tickets, settings, fresh));
        if (finished) return finished.map((value) => ({ ok: true, value }));
        if (attempt >= this.maxAttempts)
          throw new TRPCError({ code: 'CONFLICT', message: 'Please retry the request' });
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    } catch (error) {
      if (tickets.length === 1) return [{ ok: false, error }];
      // Something no rule foresaw failed the whole batch: each posting goes again alone, so
      // that one bad posting answers its error and the others still move.
      return Promise.all(
        tickets.map(async (ticket) => {
          const [outcome] = await this.settle([ticket]);
          return outcome ?? { ok: false, error };
        }),
      );
    }
  }

  /**
   * Reads what the batch needs (unless the desk knows it all), judges each posting, and makes
   * the checked write; null when something changed since the accounts were read.
   */
  private async trySettle(tickets: Ticket[], settings: LedgerView['settings'], fresh: boolean) {
    const users = tickets.flatMap((ticket) => ticket.needs.users ?? []);
    const accountNumbers = tickets.flatMap((ticket) => ticket.needs.accountNumbers ?? []);
    const transactions = tickets.flatMap((ticket) => ticket.needs.pending ?? []);
    const sessions = tickets.flatMap((ticket) => ticket.session ?? []);
    const payees = tickets.flatMap((ticket) => ticket.needs.payees ?? []);
    const now = this.now();
    // Pending movements, payees' totals and a conflict's second look are always read; stored
    // answers of keys are found by the write, whose key insert fails if one exists (then this
    // batch is read).
    const known =
      fresh || transactions.length > 0 || payees.length > 0
        ? undefined
        : this.known.readOf(users, accountNumbers);
    const read =
      known ??
      (await readLedger(this.db, {
        users,
        accountNumbers,
        transactions,
        sessions,
        keys: tickets.flatMap((ticket) => ticket.key ?? []),
        payees,
        day: utcDay(now),
      }));
    if (!known) this.known.remember(read);
    const book = new Book(read, now, settings, !known);
    const judged = tickets.map((ticket) => ticket.judge(book));
    const finishes = judged.map((one) => one.finish);
    if (!book.needsWrite()) return finishes;
    const changes = book.changes();
    const records = judged.flatMap((one) => (one.record ? [one.record] : []));
    let outcome: Awaited<ReturnType<typeof writeLedger>>;
    try {
      outcome =
        records.length === 0
          ? await this.write(this.db, changes)
          : await this.db
              .transaction(async (tx) => {
                const written = await this.write(tx, changes);
                // A refused write may have failed a statement: only a rollback ends the
                // transaction.
                if (written !== 'written') tx.rollback();
                for (const record of records) await record(tx);
                return written;
              })
              .catch((error: unknown) => {
                if (error instanceof TransactionRollbackError) return 'changed' as const;
                throw error;
              });
    } catch (error) {
      // Rolled back, whatever the write had done: what the desk knew may be stale.
      this.known.forget(relied(changes));
      throw error;
    }
    if (outcome === 'written') {
      this.known.written(changes.after);
      if (changes.events.length > 0) this.events.expand();
      return finishes;
    }
    this.known.forget(relied(changes));
    return null;
  }
}

/** The accounts a batch's judgement rested on (states and owners): read again after a conflict. */
function relied(changes: LedgerChanges): string[] {
  return [...changes.expected.map((state) => state.id), ...changes.after.map((state) => state.id)];
}
