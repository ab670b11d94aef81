import { transferInput } from '@bank/validators/money';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markParsed, parsedOnce } from './parse-once.ts';

const validate = (value: unknown) => parsedOnce(transferInput)['~standard'].validate(value);

describe('parsedOnce', () => {
  it('parses what the REST route did not parse, refusing as the schema does', () => {
    const raw = { recipientAccountNumber: '412345678085', amount: 5, description: ' Rent ' };
    expect(validate(raw)).toEqual({ value: transferInput.parse(raw) });
    expect(() => validate({ recipientAccountNumber: '4', amount: -1 })).toThrow(z.ZodError);
  });

  it('takes as it is only what the route parsed with the same schema', () => {
    const parsed = transferInput.parse({ recipientAccountNumber: '412345678085', amount: 5 });
    markParsed(transferInput, parsed);
    const result = validate(parsed);
    expect(result).toEqual({ value: parsed });
    expect('value' in result && result.value).toBe(parsed);
    // Marked by another schema: parsed again (and refused here).
    const other = { amount: 5 };
    markParsed(z.object({ amount: z.number() }), other);
    expect(() => validate(other)).toThrow(z.ZodError);
  });
});
