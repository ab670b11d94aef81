import { TRPCError } from '@trpc/server';
import { tooManyRequests } from './errors.ts';

/**
 * The bounds that keep one caller from stalling the others (README "Fairness"). They
 * hold per instance, in memory: each instance protects its own event loop and database pool.
 */
export const FAIRNESS_BOUNDS = {
  /**
   * Calls of one session running at once, HTTP and WebSocket together: each WebSocket call
   * counts, an HTTP request counts once (a tRPC batch is one request).
   */
  callsInFlightPerSession: 8,
  /** The same for callers without a session, per client address. */
  callsInFlightPerAddress: 32,
  /** Open WebSockets of one session (the SPA opens one per tab). */
  socketsPerSession: 8,
  /** Open WebSockets from one client address (a proxy's address needs TRUST_PROXY). */
  socketsPerAddress: 64,
  /** Subscriptions at once on one WebSocket (the SPA runs one). */
  subscriptionsPerSocket: 8,
  /** Messages one WebSocket may send in any one-second window. */
  messagesPerSecondPerSocket: 50,
  /**
   * How long a call refused for calls in flight waits before its answer: a flooder that ignores
   * Retry-After then spends its own connections waiting, not the server's CPU on refusals.
   */
  refusalPauseMs: 1000,
} as const;

export type FairnessBounds = { readonly [K in keyof typeof FAIRNESS_BOUNDS]: number };

/** How long a caller refused for calls in flight waits: its other calls end within it. */
export const CALLS_IN_FLIGHT_RETRY_AFTER_MS = 1000;

/** The WebSocket close codes the server uses (4000-4999 are the application's). */
export const CLOSE_CODES = {
  sessionEnded: { code: 4401, reason: 'Session ended' },
  tooManyConnections: { code: 4429, reason: 'Too many connections' },
  tooManySubscriptions: { code: 4430, reason: 'Too many subscriptions' },
  tooManyMessages: { code: 4431, reason: 'Too many messages' },
} as const;

export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

/**
 * One WebSocket as the procedures see it: whether it is closed (its calls still waiting are
 * dropped) and how many subscriptions run on it.
 */
export interface SocketChannel {
  readonly closed: boolean;
  subscriptions: number;
  close(code: CloseCode): void;
}

/**
 * What the admission step reads of a call's context (deps.ts's Context has all of it): this
 * module is one of the dependencies that Context names, so it does not import Context back.
 */
export interface AdmittedCall {
  deps: { fairness: Fairness };
  auth: { session: { id: string } } | null;
  request: { ip: string | null };
  response: { set(name: string, value: string): void };
  socket: SocketChannel | null;
}

/** Who a call is counted against: its session, else its address; nothing for in-process calls. */
export function callerKey(ctx: Pick<AdmittedCall, 'auth' | 'request'>): string | null {
  if (ctx.auth) return `session:${ctx.auth.session.id}`;
  if (ctx.request.ip) return `address:${ctx.request.ip}`;
  return null;
}

/** Counters keyed by caller, each with a ceiling; a key at zero is forgotten. */
export class KeyedSlots {
  private readonly held = new Map<string, number>();

  /** Takes a slot under `max`, answering its release, or null when all are taken. */
  take(key: string, max: number): (() => void) | null {
    const now = this.held.get(key) ?? 0;
    if (now >= max) return null;
    this.held.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

/** The per-instance bookkeeping of the bounds, one per AppDeps. */
export class Fairness {
  readonly callsInFlight = new KeyedSlots();
  readonly sockets = new KeyedSlots();
  /** Calls refused or dropped, by why (tests, the bench and logs read them). */
  readonly refused = { callsInFlight: 0, closedSocket: 0, subscriptions: 0 };

  constructor(
    readonly bounds: FairnessBounds = FAIRNESS_BOUNDS,
    /** The clock of the sockets' message windows (tests freeze it). */
    readonly now: () => number = Date.now,
  ) {}

  /** The wait before a refusal's answer (it holds no slot meanwhile). */
  pause(): Promise<void> {
    const ms = this.bounds.refusalPauseMs;
    return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  }

  callsInFlightBound(key: string): number {
    return key.startsWith('session:')
      ? this.bounds.callsInFlightPerSession
      : this.bounds.callsInFlightPerAddress;
  }
}

/** The slots of HTTP requests whose calls are running, by the request's context. */
const requestSlots = new WeakMap<AdmittedCall, { release: () => void; calls: number }>();

/**
 * A WebSocket's calls each take a slot. An HTTP request's calls (a tRPC batch, the calls of one
 * REST route) share one, as its context is the request's: a page's batch is one request.
 */
function takeCallSlot(ctx: AdmittedCall, key: string): (() => void) | null {
  const fairness = ctx.deps.fairness;
  if (ctx.socket) return fairness.callsInFlight.take(key, fairness.callsInFlightBound(key));
  let entry = requestSlots.get(ctx);
  if (entry) {
    entry.calls++;
  } else {
    const release = fairness.callsInFlight.take(key, fairness.callsInFlightBound(key));
    if (!release) return null;
    entry = { release, calls: 1 };
    requestSlots.set(ctx, entry);
  }
  const shared = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shared.calls--;
    if (shared.calls === 0) {
      requestSlots.delete(ctx);
      shared.release();
    }
  };
}

/**
 * The fairness step of every procedure, before anything else runs: a closed socket's calls are
 * dropped, a caller over its calls in flight gets 429 (Retry-After), a socket over its
 * subscriptions is closed. Answers the release of what the call holds, or throws.
 */
export async function admitCall(
  ctx: AdmittedCall,
  type: 'query' | 'mutation' | 'subscription',
  signal: AbortSignal | undefined,
): Promise<() => void> {
  const fairness = ctx.deps.fairness;
  const socket = ctx.socket;
  if (socket?.closed) {
    fairness.refused.closedSocket++;
    throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The connection is closed' });
  }
  if (type === 'subscription') {
    if (!socket) return () => undefined;
    if (socket.subscriptions >= fairness.bounds.subscriptionsPerSocket) {
      fairness.refused.subscriptions++;
      socket.close(CLOSE_CODES.tooManySubscriptions);
      throw tooManyRequests(CLOSE_CODES.tooManySubscriptions.reason, 0, 'RATE_LIMITED');
    }
    socket.subscriptions++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      socket.subscriptions--;
    };
    // tRPC aborts a subscription's signal when it is stopped, fails or its socket closes.
    signal?.addEventListener('abort', release, { once: true });
    return release;
  }
  const key = callerKey(ctx);
  if (key === null) return () => undefined;
  const release = takeCallSlot(ctx, key);
  if (!release) {
    fairness.refused.callsInFlight++;
    await fairness.pause();
    ctx.response.set('Retry-After', String(CALLS_IN_FLIGHT_RETRY_AFTER_MS / 1000));
    throw tooManyRequests(
      'Too many requests at once. Wait for your other requests to finish.',
      CALLS_IN_FLIGHT_RETRY_AFTER_MS,
      'RATE_LIMITED',
    );
  }
  return release;
}
