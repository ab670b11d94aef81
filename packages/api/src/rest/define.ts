import { messages } from '@bank/validators/messages';
import { z } from 'zod';
import type { Context } from '../context.ts';
import { appError } from '../errors.ts';
import { createCaller } from '../root.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Caller = ReturnType<typeof createCaller>;

/** For paths that take nothing. */
export const noInput = z.object({});

/** One /api/v1 path: its zod input and output (also the OpenAPI document) over a procedure. */
export interface RestRoute {
  method: HttpMethod;
  /** Fastify syntax, e.g. /cards/:id */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it; the procedure enforces it, this documents it. */
  access: 'public' | 'signed-in' | 'customer' | 'admin' | 'staff' | 'development';
  input: z.ZodType;
  output: z.ZodType;
  successStatus: number;
  /**
   * application/json, text/csv for downloads (the output is then the file's text), or
   * application/octet-stream for a stored file (the output is a `StoredFileAnswer`).
   */
  contentType: 'application/json' | 'text/csv' | 'application/octet-stream';
  /** The file name a text/csv download is saved under. */
  downloadName?: string;
  /** Also takes multipart/form-data whose repeated `attachments` parts are image files. */
  multipart: boolean;
  /** Parses the merged params/query/body, runs the procedure, shapes the answer. */
  run(ctx: Context, rawInput: unknown): Promise<unknown>;
}

interface RouteSpec<I extends z.ZodType, O extends z.ZodType> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: RestRoute['access'];
  input: I;
  output: O;
  successStatus?: number;
  contentType?: RestRoute['contentType'];
  downloadName?: string;
  multipart?: boolean;
  handle(args: { caller: Caller; ctx: Context; input: z.output<I> }): Promise<z.input<O>>;
}

export function defineRoute<I extends z.ZodType, O extends z.ZodType>(
  spec: RouteSpec<I, O>,
): RestRoute {
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    access: spec.access,
    input: spec.input,
    output: spec.output,
    successStatus: spec.successStatus ?? 200,
    contentType: spec.contentType ?? 'application/json',
    downloadName: spec.downloadName,
    multipart: spec.multipart ?? false,
    async run(ctx, rawInput) {
      // Who is asking comes before what they ask: signed out, a bad body still answers 401.
      if (spec.access !== 'public' && spec.access !== 'development' && !ctx.auth) {
        throw appError('UNAUTHORIZED', messages.sessionExpired);
      }
      const input = spec.input.parse(rawInput);
      const caller = createCaller(ctx);
      // The output schema documents the answer and strips anything it does not name.
      return spec.output.parse(await spec.handle({ caller, ctx, input }));
    },
  };
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
