import { AppErrorCause } from '@bank/api/errors';
import { storedFileAnswer } from '@bank/api/rest/define';
import { restRoutes } from '@bank/api/rest/routes';
import { type StoredUpload, UploadRejected } from '@bank/api/support/file-types';
import { validationDetails } from '@bank/api/trpc';
import { messages } from '@bank/validators/messages';
import multipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { createRequestContext, type ServerOptions } from '../context.ts';
import {
  contentDisposition,
  discardUploads,
  readMultipartUploads,
  sendUploadRejected,
} from '../uploads.ts';
import { buildOpenApiDocument } from './openapi.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SPEC.md 7-8's error format: `{message, details?}` with the matching status. */
export function sendError(reply: FastifyReply, error: unknown, log: FastifyInstance['log']) {
  const zodError =
    error instanceof ZodError
      ? error
      : error instanceof TRPCError && error.cause instanceof ZodError
        ? error.cause
        : null;
  if (zodError) {
    return reply
      .code(400)
      .send({ message: messages.validation, details: validationDetails(zodError) });
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) {
      log.error({ err: error }, 'REST procedure failed');
      return reply.code(status).send({ message: messages.unexpected });
    }
    const reason = error.cause instanceof AppErrorCause ? error.cause.reason : undefined;
    return reply.code(status).send({ message: error.message, ...(reason ? { reason } : {}) });
  }
  log.error({ err: error }, 'REST request failed');
  return reply.code(500).send({ message: messages.unexpected });
}

/** The thin REST adapter: each documented path runs the same procedure as the SPA. */
export async function restV1Plugin(app: FastifyInstance, options: ServerOptions): Promise<void> {
  // Multipart bodies are streamed part by part (uploads.ts), never buffered whole.
  await app.register(multipart, { throwFileSizeLimit: false });
  // Clients send `Content-Type: application/json` on DELETE and body-less POSTs too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const idempotencyKey = req.headers['idempotency-key'];
        let body: unknown = req.body;
        let uploads: readonly StoredUpload[] = [];
        try {
          const ctx = await createRequestContext(options, req, reply);
          // Files are stored only for a signed-in caller, and only on routes that take them.
          if (route.multipart && ctx.auth && req.isMultipart()) {
            const form = await readMultipartUploads(req, options.deps.storage);
            body = form.fields;
            uploads = form.uploads;
            ctx.uploads = uploads;
          }
          const input = {
            ...(isRecord(req.query) ? req.query : {}),
            ...(isRecord(body) ? body : {}),
            ...(isRecord(req.params) ? req.params : {}),
            // The Idempotency-Key header of money-moving calls (DESIGN.md 3).
            ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
          };
          const result = await route.run(ctx, input);
          if (route.contentType === 'application/octet-stream') {
            const file = storedFileAnswer.parse(result);
            return reply
              .code(route.successStatus)
              .type(file.contentType)
              .header('Content-Length', String(file.size))
              .header('Content-Disposition', contentDisposition(file.fileName))
              .header('X-Content-Type-Options', 'nosniff')
              .header('Cache-Control', 'private, no-store')
              .send(file.body);
          }
          if (route.contentType === 'text/csv') {
            return reply
              .code(route.successStatus)
              .type('text/csv; charset=utf-8')
              .header(
                'Content-Disposition',
                `attachment; filename="${route.downloadName ?? 'transactions.csv'}"`,
              )
              .send(result);
          }
          return reply.code(route.successStatus).send(result);
        } catch (error) {
          // A refused or failed request keeps none of the files it brought.
          await discardUploads(options.deps.storage, uploads);
          if (error instanceof UploadRejected) return sendUploadRejected(reply, error);
          return sendError(reply, error, req.log);
        }
      },
    });
  }
  const document = buildOpenApiDocument(restRoutes);
  app.get('/openapi.json', async () => document);
  app.setErrorHandler((error, req, reply) => {
    // Malformed JSON and other parser failures keep the JSON error format.
    const status =
      typeof error === 'object' &&
      error !== null &&
      'statusCode' in error &&
      typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
    if (status >= 500) return sendError(reply, error, req.log);
    return reply
      .code(status)
      .send({ message: status === 413 ? 'Request is too large' : 'Invalid request' });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not found' }));
}
