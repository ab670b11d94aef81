import { messages } from '@bank/validators/messages';
import type { AppScope } from '@bank/validators/partners';
import { z } from 'zod';
import type { Context } from '../deps.ts';
import { appError } from '../errors.ts';
import { markParsed } from '../parse-once.ts';
import type { AppPrincipal } from '../partners/app-access.ts';
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
  /** A realistic success answer the reference shows (checked against `output` by its type). */
  answerExample: unknown;
  /** Who may call it; the procedure enforces it, this documents it. */
  access: 'public' | 'signed-in' | 'customer' | 'admin' | 'staff' | 'development' | 'app';
  /**
   * The OAuth scope a third-party app's token needs for this operation: on `app` routes the
   * app's own (client-credentials) token; elsewhere a token a customer granted. Without one, app
   * tokens are refused here (staff, session and security operations are the customer's own).
   */
  appScope: AppScope | undefined;
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
  /** A second answer, 202 Accepted: the request was taken but waits (a second approver). */
  accepted: z.ZodType | undefined;
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
  /** Also answers `?dryRun=true`: the verdict without the effect (RouteSpec.dryRun). */
  dryRun: { output: z.ZodType; description: string } | undefined;
  /** Parses the merged params/query/body, runs the procedure, shapes the answer. */
  run(ctx: Context, rawInput: unknown): Promise<{ status: number; result: unknown }>;
}

/**
 * A third-party app's token reaches only the operations that name a scope, holding that scope,
 * and the customer operations only when it acts for a customer (not client credentials).
 */
function checkAppScope(
  app: NonNullable<Context['app']>,
  scope: AppScope | undefined,
  auth: Context['auth'],
): void {
  if (!scope) {
    throw appError('FORBIDDEN', 'Third-party apps cannot use this operation', 'APP_NOT_ALLOWED');
  }
  if (!app.scopes.includes(scope)) {
    throw appError(
      'FORBIDDEN',
      `This app was not allowed to do this: it needs the ${scope} scope`,
      'INSUFFICIENT_SCOPE',
      { scope },
    );
  }
  if (!auth) {
    throw appError(
      'FORBIDDEN',
      'This token acts for no customer: use one from the authorization code flow',
      'APP_NOT_ALLOWED',
    );
  }
}

/** The `dryRun` query parameter of a route that takes one. */
export const dryRunParameter = z.enum(['true', 'false']).optional();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface RouteSpec<I extends z.ZodType, O extends z.ZodType, A extends z.ZodType = z.ZodNever> {
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
  answerExample?: z.input<O>;
  access: RestRoute['access'];
  appScope?: AppScope;
  confirmsSession?: boolean;
  input: I;
  /**
   * The schema the procedure parses its input with (`parsedOnce`), when `input` is it or
   * wraps it: the procedure then takes what this route parsed without parsing it again.
   */
  parsedFor?: z.ZodType;
  output: O;
  successStatus?: number;
  /** What the route answers with 202 instead, when the handler's answer has this shape. */
  accepted?: A;
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
  handle(args: {
    caller: Caller;
    ctx: Context;
    input: z.output<I>;
    /** The app whose token an `app` route verified (null on every other route). */
    app: AppPrincipal | null;
  }): Promise<z.input<O> | z.input<A>>;
  /**
   * `?dryRun=true` answers 200 with what `handle` would decide, judged by the same rules, and
   * does nothing (a refusal is the same error `handle` would answer).
   */
  dryRun?: DryRunSpec<I, z.ZodType>;
}

interface DryRunSpec<I extends z.ZodType, D extends z.ZodType> {
  output: D;
  description: string;
  handle(args: { caller: Caller; ctx: Context; input: z.output<I> }): Promise<z.input<D>>;
}

export function defineRoute<
  I extends z.ZodType,
  O extends z.ZodType,
  A extends z.ZodType = z.ZodNever,
>(spec: RouteSpec<I, O, A>): RestRoute {
  const pathParams = pathParameterNames(spec.path);
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
    answerExample: spec.answerExample,
    access: spec.access,
    appScope: spec.appScope,
    confirmsSession: spec.confirmsSession ?? false,
    input: spec.input,
    parsedFor: spec.parsedFor,
    output: spec.output,
    successStatus: spec.successStatus ?? 200,
    accepted: spec.accepted,
    contentType: spec.contentType ?? 'application/json',
    downloadName: spec.downloadName,
    fileTypes: spec.fileTypes,
    rawBody: spec.rawBody,
    multipart: spec.multipart ?? false,
    dryRun: spec.dryRun
      ? { output: spec.dryRun.output, description: spec.dryRun.description }
      : undefined,
    async run(ctx, rawWithFlag) {
      // An app's own routes take its OAuth token, never a customer's session; elsewhere an app's
      // token reaches only the operations that name a scope it holds, for the customer it acts for.
      const app = spec.access === 'app' ? await verifiedApp(ctx, spec.appScope) : null;
      if (ctx.app && spec.access !== 'public' && spec.access !== 'app') {
        checkAppScope(ctx.app, spec.appScope, ctx.auth);
      }
      // Who is asking comes before what they ask: signed out, a bad body still answers 401.
      if (
        spec.access !== 'public' &&
        spec.access !== 'development' &&
        spec.access !== 'app' &&
        !ctx.auth
      ) {
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
          : spec.permissionFor?.(rawWithFlag);
      if (needed && ctx.auth && !can(ctx.auth.user.role, needed)) {
        throw appError('FORBIDDEN', messages.noAccess);
      }
      // `dryRun` is the route's switch, not part of what the procedure is asked.
      const { dryRun, rawInput } = spec.dryRun
        ? takeDryRun(rawWithFlag)
        : { dryRun: false, rawInput: rawWithFlag };
      const input = parseInput(spec.input, rawInput, pathParams);
      const caller = createCaller(ctx);
      if (dryRun && spec.dryRun) {
        const verdict = await spec.dryRun.handle({ caller, ctx, input });
        return { status: 200, result: spec.dryRun.output.parse(verdict) };
      }
      if (spec.parsedFor) markParsed(spec.parsedFor, input);
      const answer = await spec.handle({ caller, ctx, input, app });
      if (spec.accepted) {
        const waiting = spec.accepted.safeParse(answer);
        if (waiting.success) return { status: 202, result: waiting.data };
      }
      // The output schema documents the answer and strips anything it does not name.
      return { status: spec.successStatus ?? 200, result: spec.output.parse(answer) };
    },
  };
}

/** The 401 of an app token that no longer verifies (RFC 6750's invalid_token). */
export const appTokenInvalidMessage = 'The access token is unknown, expired or revoked';

/**
 * The app behind the request's Bearer token, holding `scope` and acting for itself (client
 * credentials): 401 without a token that verifies, 403 INSUFFICIENT_SCOPE otherwise.
 */
async function verifiedApp(ctx: Context, scope: AppScope | undefined): Promise<AppPrincipal> {
  if (!ctx.bearerToken) throw appError('UNAUTHORIZED', messages.authenticationRequired);
  // The REST adapter has already verified an app's token (apps/server/src/context.ts).
  const app = ctx.app ?? (await ctx.deps.appAccess.verifyAccessToken(ctx.bearerToken));
  if (!app) throw appError('UNAUTHORIZED', appTokenInvalidMessage);
  if (scope && !app.scopes.includes(scope)) {
    ctx.response.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
    throw appError('FORBIDDEN', `This token lacks the scope ${scope}`, 'INSUFFICIENT_SCOPE', {
      scope,
    });
  }
  if (app.userId !== null) {
    throw appError(
      'FORBIDDEN',
      'Use the app’s own token (client credentials), not one a customer granted',
      'INSUFFICIENT_SCOPE',
      { scope: scope ?? null },
    );
  }
  return app;
}

/**
 * A path id that cannot name anything (not a UUID) is 404 Not found, as an id of nobody's is:
 * one answer for "no such resource" on every operation with a path id, whatever the body says.
 */
function parseInput<I extends z.ZodType>(
  schema: I,
  raw: unknown,
  pathParams: readonly string[],
): z.output<I> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const badPath = parsed.error.issues.some((issue) => {
    const [field] = issue.path;
    return typeof field === 'string' && pathParams.includes(field);
  });
  if (badPath) throw appError('NOT_FOUND', 'Not found');
  throw parsed.error;
}

/** Splits `dryRun` off the merged input; a value other than true or false is a 400. */
function takeDryRun(raw: unknown): { dryRun: boolean; rawInput: unknown } {
  if (!isRecord(raw) || !('dryRun' in raw)) return { dryRun: false, rawInput: raw };
  const { dryRun, ...rest } = raw;
  const flag = z.object({ dryRun: dryRunParameter }).parse({ dryRun });
  return { dryRun: flag.dryRun === 'true', rawInput: rest };
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

const readable = z.custom<import('node:stream').Readable>(
  (value) => typeof value === 'object' && value !== null && 'pipe' in value,
);

/** What a file download route answers; the adapter streams `body` with these headers. */
export const storedFileAnswer = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  body: readable,
});

/** A text/csv answer written as it is read (no length known): the adapter streams `body`. */
export const csvBody = z.object({ fileName: z.string(), body: readable });
