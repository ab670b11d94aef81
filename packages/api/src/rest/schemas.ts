import { z } from 'zod';

/**
 * Building blocks of the answers' schemas, so the OpenAPI document says what a value is:
 * money as dollars with cents precision, instants as RFC 3339 date-times, ids as UUIDs.
 */
export const money = z.number().meta({
  id: 'Money',
  // No `multipleOf: 0.01`: a validator checking it in binary floating point refuses about one
  // cent value in nine (19.99 / 0.01 is 1998.9999...), so the two decimals are said in words.
  description: 'US dollars as a JSON number with at most two decimals (exact cents), e.g. `19.99`.',
  examples: [125.5],
});

export const instant = z.iso.datetime().meta({
  description: 'An instant, RFC 3339 in UTC.',
  examples: ['2026-11-23T14:05:00.000Z'],
});

export const uuid = z.uuid();

/** Where a page stands in its list: the paging fields of a paged answer. */
export const pagination = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});

/** A page of rows under `data`, as the paged lists answer. */
export const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), ...pagination.shape });
