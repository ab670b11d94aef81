import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture } from './fixture.ts';

export type PayeeFixture = RouterOutputs['payees']['list']['data'][number];

/** Bob Smith, a customer of this bank, whose name the payee check matched. */
export const makePayee = fixture<PayeeFixture>(() => ({
  id: crypto.randomUUID(),
  name: 'Bob Smith',
  accountNumber: '8085',
  routingNumber: null,
  bank: 'internal',
  confirmation: { result: 'match', holder: 'Bob S.' },
  dailyLimit: null,
  createdAt: '2026-11-27T10:00:00.000Z',
}));
