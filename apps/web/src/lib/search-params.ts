/**
 * Parsers of the routes' search params (STYLE.md 12 asks for zod; here plain functions do the
 * same job): the router validates search params in the entry chunk, before any page's code
 * loads, and importing zod there would put all of zod's core in the entry (~55 kB minified),
 * since every page's schemas share its modules. A value that does not parse is dropped rather
 * than breaking the page.
 */
export type ParamParser<T> = (value: unknown) => T | undefined;

type Parsed<Shape> = {
  [K in keyof Shape]?: Shape[K] extends ParamParser<infer T> ? T : never;
};

/** A `validateSearch` function from one parser per key; keys that do not parse are left out. */
export function searchSchema<Shape extends Record<string, ParamParser<unknown>>>(shape: Shape) {
  return (input: Record<string, unknown>): Parsed<Shape> => {
    const output: Record<string, unknown> = {};
    for (const [key, parse] of Object.entries(shape)) {
      const value = parse(input[key]);
      if (value !== undefined) output[key] = value;
    }
    // Each value came from its own key's parser, which is what Parsed<Shape> says.
    return output as Parsed<Shape>;
  };
}

export type SearchOutput<T extends (input: Record<string, unknown>) => unknown> = ReturnType<T>;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export const pageParam: ParamParser<number> = (value) => {
  const number = toNumber(value);
  return number !== undefined && Number.isInteger(number) && number >= 1 ? number : undefined;
};

export const textParam: ParamParser<string> = (value) =>
  typeof value === 'string' ? value : undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidParam: ParamParser<string> = (value) =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

export const flagParam: ParamParser<boolean> = (value) =>
  typeof value === 'boolean' ? value : undefined;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isoDayParam: ParamParser<string> = (value) =>
  typeof value === 'string' && ISO_DAY.test(value) ? value : undefined;

export function enumParam<const T extends readonly string[]>(values: T): ParamParser<T[number]> {
  return (value) => values.find((candidate) => candidate === value);
}

export function amountParam(opts: { positive?: boolean } = {}): ParamParser<number> {
  return (value) => {
    const number = toNumber(value);
    if (number === undefined) return undefined;
    return (opts.positive ? number > 0 : number >= 0) ? number : undefined;
  };
}
