import { AppErrorCause, errorCodeOf, errorDetailsOf, RetryAfterCause } from '@bank/api/errors';
import { appTokenInvalidMessage, csvBody, storedFileAnswer } from '@bank/api/rest/define';
import { restRoutes } from '@bank/api/rest/routes';
import { type StoredUpload, UploadRejected } from '@bank/api/support/file-types';
import { admitUploadStart } from '@bank/api/support/quotas';
import { validationDetails } from '@bank/api/trpc';
import { isDependencyUnavailable } from '@bank/api/unavailable';
import { messages } from '@bank/validators/messages';
import { MAX_VERIFIED_PDF_BYTES } from '@bank/validators/statements';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { createRequestContext, type ServerOptions } from '../context.ts';
import { statusCodeOf } from '../error-status.ts';
import { isRecord } from '../is-record.ts';
import { sendServiceUnavailable } from '../service-unavailable.ts';
import {
  contentDisposition,
  discardUploads,
  readMultipartUploads,
  sendUploadRejected,
} from '../uploads.ts';
import { buildOpenApiDocument } from './openapi/document.ts';

/** How long a caller waits after a 503 for maintenance (it has no known end). */
const MAINTENANCE_RETRY_AFTER_SECONDS = 60;
/** A multipart body this small carries fields at most, no file worth checking quotas for. */
const FILE_FREE_MULTIPART_BYTES = 65_536;
/** A 429 whose limit did not say when it lets the caller in. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * docs/product.md 7-8's error format: `{code, message, details?}` with the matching status (and
 * `reason`, the code's older name, where one was given: kept for existing callers). Only
 * an unexpected failure's message is replaced (and logged); a deliberate 503, such as
 * maintenance, keeps its message (the integrator API review); an outage is 503 SERVICE_UNAVAILABLE.
 */
export function sendError(reply: FastifyReply, error: unknown, log: FastifyInstance['log']) {
  if (isDependencyUnavailable(error)) {
    // The database or Redis is down: the caller may retry (a keyed retry is safe,
    // docs/architecture.md 3).
    log.warn({ err: error }, 'REST request met an unavailable dependency');
    return sendServiceUnavailable(reply);
  }
  const zodError =
    error instanceof ZodError
      ? error
      : error instanceof TRPCError && error.cause instanceof ZodError
        ? error.cause
        : null;
  if (zodError) {
    return reply.code(400).send({
      code: 'VALIDATION_ERROR',
      message: messages.validation,
      details: validationDetails(zodError),
    });
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const appCause = error.cause instanceof AppErrorCause ? error.cause : undefined;
    const reason =
      appCause?.reason ?? (error.cause instanceof RetryAfterCause ? error.cause.reason : undefined);
    if (status >= 500 && !(status === 503 && reason)) {
      log.error({ err: error }, 'REST procedure failed');
      return reply.code(status).send({ code: 'INTERNAL_ERROR', message: messages.unexpected });
    }
    if (status === 503) reply.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    if (status === 429) {
      const seconds =
        error.cause instanceof RetryAfterCause
          ? error.cause.seconds
          : (appCause?.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
      reply.header('Retry-After', String(seconds));
    }
    if (status === 401) {
      // RFC 6750: a token that was sent but is not (or no longer) valid says so.
      reply.header(
        'WWW-Authenticate',
        error.message === messages.sessionExpired || error.message === appTokenInvalidMessage
          ? 'Bearer error="invalid_token"'
          : 'Bearer',
      );
    }
    const details = errorDetailsOf(error);
    return reply.code(status).send({
      code: errorCodeOf(error),
      message: error.message,
      ...(reason ? { reason } : {}),
      ...(details ? { details } : {}),
    });
  }
  log.error({ err: error }, 'REST request failed');
  return reply.code(500).send({ code: 'INTERNAL_ERROR', message: messages.unexpected });
}

/** The thin REST adapter: each documented path runs the same procedure as the SPA. */
export async function restV1Plugin(
  app: FastifyInstance,
  options: ServerOptions & { corsOrigins?: readonly string[] },
): Promise<void> {
  // Browsers on the listed origins may call with a Bearer token, never with our cookie
  // (credentials off); every preflight is answered, with the CORS headers only for those.
  await app.register(cors, {
    origin: [...(options.corsOrigins ?? [])],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: [
      'X-Request-Id',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'Idempotent-Replayed',
      'Content-Disposition',
    ],
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  });
  // Multipart bodies are streamed part by part (uploads.ts), never buffered whole.
  await app.register(multipart, { throwFileSizeLimit: false });
  // Clients send `Content-Type: application/json` on DELETE and body-less POSTs too.
  app.removeContentTypeParser('application/json');
  // JSON (or multipart where a route takes files) only: anything else is 415, not a guess.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'not JSON';
      done(Object.assign(new MalformedJson(detail), { statusCode: 400 }), undefined);
    }
  });
  // A statement's PDF, whole, for POST /statements/verify (routes with `rawBody`).
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: MAX_VERIFIED_PDF_BYTES },
    (_req, body, done) => done(null, body),
  );
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const idempotencyKey = req.headers['idempotency-key'];
        let body: unknown = req.body;
        let uploads: readonly StoredUpload[] = [];
        try {
          const ctx = await createRequestContext(
            options,
            req,
            reply,
            undefined,
            route.confirmsSession,
            true,
          );
          // Files are stored only for a signed-in caller, and only on routes that take them.
          if (route.multipart && ctx.auth && req.isMultipart()) {
            // A customer without room for files left is refused before any byte is stored (a
            // body too small to hold an image, such as a words-only line, is not held back).
            const declared = Number(req.headers['content-length'] ?? Number.POSITIVE_INFINITY);
            if (declared > FILE_FREE_MULTIPART_BYTES) {
              const { id, role } = ctx.auth.user;
              const settings = await options.deps.settings.get();
              await admitUploadStart(options.deps.db, settings, { id, role });
            }
            const form = await readMultipartUploads(req, options.deps.storage);
            body = form.fields;
            uploads = form.uploads;
            ctx.uploads = uploads;
          }
          if (Buffer.isBuffer(body)) {
            if (!route.rawBody) {
              return reply.code(415).send({ message: 'Send the body as application/json' });
            }
            body = { pdf: body.toString('base64') };
          }
          const input = {
            ...(isRecord(req.query) ? req.query : {}),
            ...(isRecord(body) ? body : {}),
            ...(isRecord(req.params) ? req.params : {}),
            // The Idempotency-Key header of money-moving calls (docs/architecture.md 3).
            ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
          };
          const { status, result } = await route.run(ctx, input);
          if (route.contentType === 'application/octet-stream') {
            const file = storedFileAnswer.parse(result);
            return reply
              .code(status)
              .type(file.contentType)
              .header('Content-Length', String(file.size))
              .header('Content-Disposition', contentDisposition(file.fileName))
              .header('X-Content-Type-Options', 'nosniff')
              .header('Cache-Control', 'private, no-store')
              .send(file.body);
          }
          if (route.contentType === 'text/csv') {
            // A streamed CSV names its own file; a whole one the route's.
            const streamed = csvBody.safeParse(result);
            return reply
              .code(status)
              .type('text/csv; charset=utf-8')
              .header(
                'Content-Disposition',
                streamed.success
                  ? contentDisposition(streamed.data.fileName)
                  : `attachment; filename="${route.downloadName ?? 'transactions.csv'}"`,
              )
              .header('Cache-Control', 'private, no-store')
              .send(streamed.success ? streamed.data.body : result);
          }
          return reply.code(status).send(result);
        } catch (error) {
          // A refused or failed request keeps none of the files it brought.
          await discardUploads(options.deps.storage, uploads);
          if (error instanceof UploadRejected) return sendUploadRejected(reply, error);
          return sendError(reply, error, req.log);
        }
      },
    });
  }
  // Built on first request, not at start: it costs ~0.15 s of every start and its memory stays
  // held, while few servers are ever asked for it. api-contract.test.ts builds it in every run.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', async () => {
    document ??= buildOpenApiDocument(restRoutes, options.deps);
    return document;
  });
  app.setErrorHandler((error, req, reply) => {
    // Malformed JSON and other parser failures keep the JSON error format, said for people.
    const status = statusCodeOf(error);
    if (status >= 500) return sendError(reply, error, req.log);
    if (error instanceof MalformedJson) {
      return reply.code(400).send({
        code: 'VALIDATION_ERROR',
        message: 'The request body is not valid JSON',
        details: [{ field: 'body', message: error.message }],
      });
    }
    const [code, message] =
      status === 413
        ? (['PAYLOAD_TOO_LARGE', 'Request is too large'] as const)
        : status === 415
          ? (['UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'] as const)
          : (['VALIDATION_ERROR', 'Invalid request'] as const);
    return reply.code(status).send({ code, message });
  });
  const allowed = allowedMethods(restRoutes);
  app.setNotFoundHandler((req, reply) => {
    // A known path asked with another method is 405 with the methods it takes (RFC 9110).
    const path = (req.url.split('?')[0] ?? '').replace(/^\/api\/v1/, '');
    const methods = allowed(path);
    if (methods.length > 0 && req.method !== 'OPTIONS') {
      return reply
        .code(405)
        .header('Allow', methods.join(', '))
        .send({
          code: 'METHOD_NOT_ALLOWED',
          message: `${req.method} is not allowed here. Allowed: ${methods.join(', ')}.`,
        });
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
  });
}

class MalformedJson extends Error {}

/** The methods each documented path answers, found by matching its pattern. */
function allowedMethods(routes: readonly { method: string; path: string }[]) {
  const patterns = routes.map((route) => ({
    method: route.method,
    pattern: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`.replaceAll('.', '\\.')),
  }));
  return (path: string): string[] => {
    const methods = new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
