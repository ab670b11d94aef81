import type { DbHandle } from '@bank/db';
import { EVENTS_CHANNEL, type EventEnvelope } from './events.ts';
import { DispatchedIds, readEventsAfter, readNewestEventId, sessionsStillOpen } from './replay.ts';

type Listener = (envelope: EventEnvelope) => void;

/**
 * The user of an event's payload (logAndNotify's `jsonb_build_object('id', …, 'userId', …,
 * 'event', …)::text`): jsonb writes its keys shortest first, so `userId` is the last key of the
 * outer object. A session-ended notice ends with its `sessionEnded` key instead.
 */
const USER_AT_END = /"userId": "([0-9a-f-]{36})"\}$/;
/** And its `id`, the shortest key, comes first. */
const ID_AT_START = /^\{"id": "(\d{1,19})"/;

/** What `endSessions` (auth/sessions.ts) NOTIFYs on the same channel when sessions end. */
interface SessionEndedNotice {
  sessionEnded: string;
  userId: string;
}

/**
 * Fans out the events this instance hears on the database channel to its connected clients.
 * Holds only subscriptions (a cache of who is connected here), never the events themselves.
 */
export class EventHub {
  private readonly listeners = new Map<string | null, Set<Listener>>();
  /** Who must hear that a session ended: its sockets and subscriptions on this instance. */
  private readonly sessionWatchers = new Map<string, Set<() => void>>();
  /** Told of every session that ends anywhere (the session cache forgets it). */
  private readonly endedListeners = new Set<(sessionId: string) => void>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Events this instance dispatched lately: a catch-up after a lost LISTEN skips them. */
  private readonly dispatched = new DispatchedIds();
  /** The catch-ups in progress, one after another. */
  private catchingUp: Promise<void> = Promise.resolve();
  private stopped = false;

  /**
   * Listens on the events channel. When the LISTEN connection comes back (a restart, a killed
   * backend), what was committed meanwhile was never heard: it is read back from the `events`
   * log and dispatched, and the sessions watched here are checked again (decision 026).
   */
  async start(handle: Pick<DbHandle, 'listen' | 'db'>): Promise<void> {
    this.stopped = false;
    let listening = false;
    this.stopListening = await handle.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        if (!listening) {
          listening = true;
          return;
        }
        this.catchingUp = this.catchingUp.then(() => this.catchUp(handle.db));
      },
    );
    // Heard live from here on: everything up to this id happened before this instance listened.
    this.dispatched.startAfter(await readNewestEventId(handle.db));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopListening?.();
    this.stopListening = undefined;
    await this.catchingUp;
  }

  /** Reads back what was missed, retrying while the database refuses (its pool may be down). */
  private async catchUp(db: DbHandle['db']): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        let after = this.dispatched.floor();
        for (;;) {
          const page = await readEventsAfter(db, after);
          for (const envelope of page.events) this.deliver(envelope);
          if (page.last === null) break;
          after = page.last;
        }
        const watched = [...this.sessionWatchers.keys()];
        if (watched.length > 0) {
          const open = new Set(await sessionsStillOpen(db, watched));
          for (const sessionId of watched) if (!open.has(sessionId)) this.endSession(sessionId);
        }
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 2000)));
      }
    }
  }

  /** One event read back from the log, unless it was dispatched already. */
  private deliver(envelope: EventEnvelope): void {
    if (!this.dispatched.add(envelope.id)) return;
    this.fanOut(envelope);
  }

  private dispatch(payload: string): void {
    const id = ID_AT_START.exec(payload)?.[1];
    // A NOTIFY of an event the catch-up already read back (it may arrive after the read).
    if (id !== undefined && !this.dispatched.add(id)) return;
    // Most events are for users with no connection here (every transfer NOTIFYs two): those are
    // not parsed. A payload whose user cannot be read this way is parsed, as every one was.
    const user = USER_AT_END.exec(payload)?.[1];
    if (user !== undefined && !this.listeners.has(user)) return;
    // Written only by publishEvent and endSessions, whose types these are.
    let envelope: EventEnvelope | SessionEndedNotice;
    try {
      envelope = JSON.parse(payload);
    } catch {
      return;
    }
    if ('sessionEnded' in envelope) {
      this.endSession(envelope.sessionEnded);
      return;
    }
    this.fanOut(envelope);
  }

  private endSession(sessionId: string): void {
    for (const listener of this.endedListeners) listener(sessionId);
    for (const watcher of this.sessionWatchers.get(sessionId) ?? []) watcher();
    this.sessionWatchers.delete(sessionId);
  }

  private fanOut(envelope: EventEnvelope): void {
    const targets =
      envelope.userId === null
        ? [...this.listeners.values()]
        : [this.listeners.get(envelope.userId)];
    for (const set of targets) for (const listener of set ?? []) listener(envelope);
  }

  /** Calls `listener` with the id of every session that ends, on any instance. */
  onSessionEnded(listener: (sessionId: string) => void): void {
    this.endedListeners.add(listener);
  }

  /**
   * Events for one user (and broadcasts) until `signal` aborts. Listening starts at this call,
   * not at the first `next()`: a caller can then read the missed events from the log and lose
   * none that arrive meanwhile (they wait in the queue).
   */
  subscribe(userId: string, signal: AbortSignal | undefined): AsyncGenerator<EventEnvelope> {
    const queue: EventEnvelope[] = [];
    let wake: (() => void) | undefined;
    const listener: Listener = (envelope) => {
      queue.push(envelope);
      wake?.();
    };
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    const unsubscribe = () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
    // A generator never started never runs its `finally`: the abort cleans up then.
    const onAbort = () => {
      unsubscribe();
      wake?.();
    };
    signal?.addEventListener('abort', onAbort);
    if (signal?.aborted) unsubscribe();
    async function* drain(): AsyncGenerator<EventEnvelope> {
      try {
        while (!signal?.aborted) {
          const next = queue.shift();
          if (next) {
            yield next;
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        unsubscribe();
      }
    }
    return drain();
  }

  /**
   * Calls `onEnd` once when the session ends anywhere (logout, password change or reset, block,
   * 2FA change, the alert's link). Answers the function that stops watching.
   */
  watchSession(sessionId: string, onEnd: () => void): () => void {
    const set = this.sessionWatchers.get(sessionId) ?? new Set();
    set.add(onEnd);
    this.sessionWatchers.set(sessionId, set);
    return () => {
      set.delete(onEnd);
      if (set.size === 0 && this.sessionWatchers.get(sessionId) === set) {
        this.sessionWatchers.delete(sessionId);
      }
    };
  }

  watchedSessions(): number {
    return this.sessionWatchers.size;
  }

  connectedUsers(): number {
    return this.listeners.size;
  }
}
