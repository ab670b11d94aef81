import type { IncomingMessage } from 'node:http';
import type { AppRouter } from '@bank/api';
import { appRouter } from '@bank/api';
import { CLOSE_CODES, type CloseCode, type SocketChannel } from '@bank/api/fairness';
import { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { createRequestContext, type ServerOptions } from '../context.ts';
import { isUpgrade } from './security.ts';

/** The close code a client sees when its session ended (4000-4999 are the application's). */
export const SESSION_ENDED_CLOSE_CODE = CLOSE_CODES.sessionEnded.code;

/** One WebSocket's fairness state: its message window, subscriptions, and whether it closed. */
class TrackedSocket implements SocketChannel {
  closed = false;
  subscriptions = 0;
  private windowStart = 0;
  private messagesInWindow = 0;
  private readonly releases: Array<() => void> = [];

  constructor(private readonly socket: WebSocket) {
    socket.once('close', () => {
      this.closed = true;
      for (const release of this.releases.splice(0)) release();
    });
  }

  close(code: CloseCode): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code.code, code.reason);
  }

  /** Frees `release` when the socket closes (a slot it holds). */
  holds(release: () => void): void {
    if (this.closed) release();
    else this.releases.push(release);
  }

  /** Counts one message; false once the socket is over its one-second window. */
  countMessage(now: number, perSecond: number): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    this.messagesInWindow++;
    return this.messagesInWindow <= perSecond;
  }
}

/**
 * tRPC over HTTP and WebSocket at /trpc. Registered unwrapped: the plugin replaces the body
 * parsers in its own scope, which must not reach the REST routes (docs/architecture.md 1).
 */
export async function registerTrpc(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const fairness = options.deps.fairness;
  const tracked = new WeakMap<object, TrackedSocket>();
  // The client's address as Fastify reads it (X-Forwarded-For under TRUST_PROXY), noted while
  // the upgrade is still an HTTP request: the socket's own address would be the proxy's.
  const addresses = new WeakMap<IncomingMessage, string>();
  app.addHook('onRequest', async (req) => {
    if (isUpgrade(req.raw)) addresses.set(req.raw, req.ip);
  });
  // @fastify/websocket announces each socket before tRPC's handler listens on it, so the bounds
  // below see every message first (fairness.ts holds them, README "Fairness" explains them).
  app.websocketServer.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const channel = new TrackedSocket(socket);
    tracked.set(socket, channel);
    const address = addresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
    const release = fairness.sockets.take(`address:${address}`, fairness.bounds.socketsPerAddress);
    if (!release) {
      channel.close(CLOSE_CODES.tooManyConnections);
      return;
    }
    channel.holds(release);
    socket.on('message', () => {
      if (!channel.countMessage(fairness.now(), fairness.bounds.messagesPerSecondPerSocket)) {
        // Its calls still waiting are dropped (the procedures see the socket closed).
        channel.close(CLOSE_CODES.tooManyMessages);
      }
    });
  });

  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: async ({ req, res, info }) => {
      const token = info.connectionParams?.token;
      if ('setCookie' in res && typeof res.setCookie === 'function') {
        return createRequestContext(options, req, res, token);
      }
      const channel = tracked.get(res);
      if (!channel) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR' });
      if (channel.closed) {
        throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The connection is closed' });
      }
      const ctx = await createRequestContext(options, req, null, token);
      ctx.socket = channel;
      if (!ctx.auth) return ctx;
      const release = fairness.sockets.take(
        `session:${ctx.auth.session.id}`,
        fairness.bounds.socketsPerSession,
      );
      if (!release) {
        channel.close(CLOSE_CODES.tooManyConnections);
        return ctx;
      }
      channel.holds(release);
      // A WebSocket lives as long as its session: when the session ends anywhere (logout,
      // password change or reset, block, 2FA change, role change), the socket closes
      // (docs/architecture.md 6).
      channel.holds(
        options.deps.hub.watchSession(ctx.auth.session.id, () => {
          channel.close(CLOSE_CODES.sessionEnded);
        }),
      );
      return ctx;
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
    },
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', useWSS: true, trpcOptions });
}
