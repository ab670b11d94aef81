import { messages } from '@bank/validators/messages';
import { z } from 'zod';
import type { Context } from '../deps.ts';
import { appError } from '../errors.ts';
import { markParsed } from '../parse-once.ts';
import { can, type Permission } from '../permissions.ts';
import { createCaller } from '../root.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Caller = ReturnType<typeof createCaller>;

/**
 * Error statuses a route can answer beyond the ones the OpenAPI builder derives from its shape
 * (400 for input, 401/403/503 unless public, 404 for path ids, 409/422 for an Idempotency-Key,
 * 413/415 for a body, 429 when `rateLimited`, 500 always).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The area each staff-only kind of route belongs to, refused before the body is read; the
 * procedure then checks the finer permission it names (trpc.ts).
 */
const permissionOfAccess = {
  admin: 'admin:access',
  staff: 'staff:support',
} as const satisfies Record<string, Permission>;

/** For paths that take nothing. */
export const noInput = z.object({});

/** One /api/v1 path: its zod input and output (also the OpenAPI document) over a procedure. */
export interface RestRoute {
  method: HttpMethod;
  /** Fastify syntax, e.g. /cards/:id */
  path: string;
  summary: string;
  /** A stable name for generated clients; by default derived from method and path. */
  operationId: string;
  /** Longer text for the reference (Markdown); the summary is one line. */
  description: string | undefined;
  tag: string;
  /** Extra error statuses this route answers (see ErrorStatus). */
  errors: readonly ErrorStatus[];
  /** Counted by the rate-limit module: documents 429 with Retry-After. */
  rateLimited: boolean;
  /** Also answers `RateLimit` and `RateLimit-Policy` on success. */
  rateLimitHeaders: boolean;
  /** A request body (or query) the reference shows as the example. */
  example: unknown;
  /** Who may call it; the procedure enforces it, this documents it. */
  access: 'public' | 'signed-in' | 'customer' | 'admin' | 'staff' | 'development';
  /**
   * The procedure moves money through the ledger desk, whose write confirms the caller's session
   * in the same statement: the adapter may then take the session from the cache (decision 022).
   */
  confirmsSession: boolean;
  input: z.ZodType;
  /** The procedure's own input schema, when `input`'s output is already its output. */
  parsedFor: z.ZodType | undefined;
  output: z.ZodType;
  successStatus: number;
  /**
   * application/json, text/csv for downloads (the output is then the file's text), or
   * application/octet-stream for a stored file (the output is a `StoredFileAnswer`).
   */
  contentType: 'application/json' | 'text/csv' | 'application/octet-stream';
  /** The file name a text/csv download is saved under. */
  downloadName?: string;
  /** The media types an application/octet-stream answer may have (images when left out). */
  fileTypes?: readonly string[];
  /**
   * Also takes a body of this type whole (a PDF to check): the adapter hands its bytes to the
   * procedure as base64 in `pdf`.
   */
  rawBody?: 'application/pdf';
  /** Also takes multipart/form-data whose repeated `attachments` parts are image files. */
  multipart: boolean;
  /** Parses the merged params/query/body, runs the procedure, shapes the answer. */
  run(ctx: Context, rawInput: unknown): Promise<unknown>;
}

interface RouteSpec<I extends z.ZodType, O extends z.ZodType> {
  method: HttpMethod;
  path: string;
  summary: string;
  operationId?: string;
  description?: string;
  tag: string;
  errors?: readonly ErrorStatus[];
  rateLimited?: boolean;
  rateLimitHeaders?: boolean;
  example?: z.input<I>;
  access: RestRoute['access'];
  confirmsSession?: boolean;
  input: I;
  /**
   * The schema the procedure parses its input with (`parsedOnce`), when `input` is it or
   * wraps it: the procedure then takes what this route parsed without parsing it again.
   */
  parsedFor?: z.ZodType;
  output: O;
  successStatus?: number;
  contentType?: RestRoute['contentType'];
  downloadName?: string;
  fileTypes?: readonly string[];
  rawBody?: 'application/pdf';
  multipart?: boolean;
  /**
   * What the caller must be allowed beyond `access`, judged from the raw input before it is
   * validated (PUT /loans/{id} with `status` is an administrator's decision).
   */
  permissionFor?: (rawInput: unknown) => Permission | undefined;
  handle(args: { caller: Caller; ctx: Context; input: z.output<I> }): Promise<z.input<O>>;
}

export function defineRoute<I extends z.ZodType, O extends z.ZodType>(
  spec: RouteSpec<I, O>,
): RestRoute {
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    operationId: spec.operationId ?? defaultOperationId(spec.method, spec.path),
    description: spec.description,
    tag: spec.tag,
    errors: spec.errors ?? [],
    rateLimited: (spec.rateLimited ?? false) || (spec.rateLimitHeaders ?? false),
    rateLimitHeaders: spec.rateLimitHeaders ?? false,
    example: spec.example,
    access: spec.access,
    confirmsSession: spec.confirmsSession ?? false,
    input: spec.input,
    parsedFor: spec.parsedFor,
    output: spec.output,
    successStatus: spec.successStatus ?? 200,
    contentType: spec.contentType ?? 'application/json',
    downloadName: spec.downloadName,
    fileTypes: spec.fileTypes,
    rawBody: spec.rawBody,
    multipart: spec.multipart ?? false,
    async run(ctx, rawInput) {
      // Who is asking comes before what they ask: signed out, a bad body still answers 401.
      if (spec.access !== 'public' && spec.access !== 'development' && !ctx.auth) {
        // No credentials at all is not an expired session (the integrator API review).
        throw ctx.credentialsSent
          ? appError('UNAUTHORIZED', messages.sessionExpired)
          : appError('UNAUTHORIZED', messages.authenticationRequired);
      }
      // And what they may do before what they ask: a customer on a staff route is 403 whatever
      // the body says, never a 400 that lists the route's fields.
      const needed =
        spec.access === 'admin' || spec.access === 'staff'
          ? permissionOfAccess[spec.access]
          : spec.permissionFor?.(rawInput);
      if (needed && ctx.auth && !can(ctx.auth.user.role, needed)) {
        throw appError('FORBIDDEN', messages.noAccess);
      }
      const input = spec.input.parse(rawInput);
      if (spec.parsedFor) markParsed(spec.parsedFor, input);
      const caller = createCaller(ctx);
      // The output schema documents the answer and strips anything it does not name.
      return spec.output.parse(await spec.handle({ caller, ctx, input }));
    },
  };
}

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /transactions/:id` -> `getTransactionsById`, `PUT /users/:id/block` ->
 * `putUsersByIdBlock`: unique because method and path are, and stable while the path is.
 */
export function defaultOperationId(method: HttpMethod, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${pascal(segment.slice(1))}`
        : segment.split('-').map(pascal).join(''),
    );
  return method.toLowerCase() + words.join('');
}

/** Path parameters of a Fastify path, in order: `/users/:id/block` -> ['id']. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
}

/** What a file download route answers; the adapter streams `body` with these headers. */
export const storedFileAnswer = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  body: z.custom<import('node:stream').Readable>(
    (value) => typeof value === 'object' && value !== null && 'pipe' in value,
  ),
});
