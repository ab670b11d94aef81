import type { AppRouter } from '@bank/api';
import { appRouter } from '@bank/api';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { createRequestContext, type ServerOptions } from '../context.ts';

/**
 * tRPC over HTTP and WebSocket at /trpc. Registered unwrapped: the plugin replaces the body
 * parsers in its own scope, which must not reach the REST routes (DESIGN.md 1).
 */
export async function registerTrpc(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
    router: appRouter,
    createContext: ({ req, res, info }) => {
      const token = info.connectionParams?.token;
      const isHttpReply = 'setCookie' in res && typeof res.setCookie === 'function';
      return createRequestContext(options, req, isHttpReply ? res : null, token);
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
    },
  };
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', useWSS: true, trpcOptions });
}
