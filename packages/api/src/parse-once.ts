import type { z } from 'zod';

/** The Standard Schema interface (standardschema.dev), which tRPC takes as an input parser. */
interface StandardSchema<Input, Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: Output };
    readonly types?: { readonly input: Input; readonly output: Output };
  };
}

/** Inputs a REST route parsed with a procedure's own schema, by that schema. */
const parsedWith = new WeakMap<object, z.ZodType>();

/** The REST adapter parsed `value` with `schema` (RouteSpec.parsedFor): see `parsedOnce`. */
export function markParsed(schema: z.ZodType, value: unknown): void {
  if (typeof value === 'object' && value !== null) parsedWith.set(value, schema);
}

function wasParsedBy<S extends z.ZodType>(schema: S, value: unknown): value is z.output<S> {
  return typeof value === 'object' && value !== null && parsedWith.get(value) === schema;
}

/**
 * A procedure's input schema that takes as it is an input the REST route has just parsed with
 * the same schema: the money routes parsed every request twice, once for the REST answer's
 * order of checks and once in the procedure (docs/benchmarks.md). Anything else, the SPA's calls
 * too, is parsed by the schema, and a refusal is the same ZodError as before.
 */
export function parsedOnce<S extends z.ZodType>(
  schema: S,
): StandardSchema<z.input<S>, z.output<S>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'bank',
      validate: (value) => ({ value: wasParsedBy(schema, value) ? value : schema.parse(value) }),
    },
  };
}
