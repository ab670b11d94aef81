import { describe, expect, it } from 'vitest';
import { appRouter } from './root.ts';

// Authorization before validation on every route. Every procedure is built on one
// of trpc.ts's procedures, whose access middleware comes before any `.input()`: tRPC runs
// middlewares in order, and the input is parsed only when its own middleware is reached. This
// walks the whole router so that a procedure built another way fails here.

const isInputParser = (middleware: unknown) =>
  typeof middleware === 'function' && '_type' in middleware && middleware._type === 'input';

/** A procedure's middlewares in the order they run (tRPC keeps them on `_def`). */
function middlewaresOf(procedure: unknown): unknown[] {
  if ((typeof procedure !== 'function' && typeof procedure !== 'object') || procedure === null)
    return [];
  const def: unknown = '_def' in procedure ? procedure._def : undefined;
  if (typeof def !== 'object' || def === null || !('middlewares' in def)) return [];
  return Array.isArray(def.middlewares) ? def.middlewares : [];
}

describe('every procedure checks access before it parses its input', () => {
  const procedures = Object.entries(appRouter._def.procedures);

  it('walks the whole router', () => {
    expect(procedures.length).toBeGreaterThan(80);
  });

  it('has an access middleware ahead of its input parser', () => {
    const late = procedures.filter(([, procedure]) => {
      const middlewares = middlewaresOf(procedure);
      const firstParser = middlewares.findIndex(isInputParser);
      return firstParser === 0 || middlewares.length === 0;
    });
    expect(late.map(([path]) => path)).toEqual([]);
  });
});
