import { messages } from '@bank/validators/messages';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { apiErrorInfo, errorMessage } from './errors.ts';

/** A tRPC error as the server's formatter shapes it (packages/api/src/trpc.ts). */
function serverError(message: string, data: { code: string; httpStatus: number }) {
  return TRPCClientError.from({ error: { message, code: -32_000, data } });
}

describe('errorMessage', () => {
  it('shows a 503’s own message whatever its code (maintenance, an outage)', () => {
    const maintenance = serverError(messages.maintenance, { code: 'MAINTENANCE', httpStatus: 503 });
    expect(errorMessage(maintenance, 'Transfer failed')).toBe(messages.maintenance);
    const failed = serverError('boom', { code: 'INTERNAL_ERROR', httpStatus: 500 });
    expect(errorMessage(failed, 'Transfer failed')).toBe(messages.unexpected);
  });

  it('reads the catalogue’s code and shows a refusal’s message', () => {
    const refused = serverError('Insufficient funds', {
      code: 'INSUFFICIENT_FUNDS',
      httpStatus: 400,
    });
    expect(apiErrorInfo(refused).code).toBe('INSUFFICIENT_FUNDS');
    expect(errorMessage(refused, 'Transfer failed')).toBe('Insufficient funds');
  });
});
