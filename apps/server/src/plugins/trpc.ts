import type { AppRouter } from '@bank/api';
import { appRouter } from '@bank/api';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { createRequestContext, type ServerOptions } from '../context.ts';

/** The close code a client sees when its session ended (4000-4999 are the application's). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The part of a `ws` WebSocket used here (tRPC's type for it does not resolve from here). */
interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

function isSocket(value: unknown): value is ClosableSocket {
  return (
    typeof value === 'object' &&
    value !== null &&
    'close' in value &&
    typeof value.close === 'function' &&
    'once' in value &&
    typeof value.once === 'function'
  );
}

/**
 * tRPC over HTTP and WebSocket at /trpc. Registered unwrapped: the plugin replaces the body
 * parsers in its own scope, which must not reach the REST routes (DESIGN.md 1).
 */
export async function registerTrpc(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: async ({ req, res, info }) => {
      const token = info.connectionParams?.token;
      if ('setCookie' in res && typeof res.setCookie === 'function') {
        return createRequestContext(options, req, res, token);
      }
      const ctx = await createRequestContext(options, req, null, token);
      // A WebSocket lives as long as its session: when the session ends anywhere (logout,
      // password change or reset, block, 2FA change), the socket closes (DESIGN.md 6).
      if (ctx.auth && isSocket(res)) {
        const socket = res;
        const unwatch = options.deps.hub.watchSession(ctx.auth.session.id, () => {
          socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        });
        socket.once('close', unwatch);
      }
      return ctx;
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
    },
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', useWSS: true, trpcOptions });
}
