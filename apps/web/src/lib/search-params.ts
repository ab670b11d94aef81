import * as z from 'zod/mini';

/**
 * Building blocks of the routes' search schemas (STYLE.md 12). They use `zod/mini`: the router
 * validates search params in the entry chunk, before any page's code loads, and full zod
 * would add ~60 kB to every first visit (the forms' schemas load with their pages).
 * A value that does not parse is dropped rather than breaking the page.
 */
export function optionalParam<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}

export const pageParam = optionalParam(z.coerce.number().check(z.int(), z.gte(1)));
export const textParam = optionalParam(z.string());
export const uuidParam = optionalParam(z.uuid());
export const flagParam = optionalParam(z.boolean());
export const isoDayParam = optionalParam(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return optionalParam(z.enum(values));
}

export function amountParam(opts: { positive?: boolean } = {}) {
  return optionalParam(z.coerce.number().check(opts.positive ? z.positive() : z.nonnegative()));
}

export const searchSchema = z.object;
export type SearchOutput<T extends z.ZodMiniType> = z.output<T>;
