import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture } from './fixture.ts';

export type DisputeFixture = RouterOutputs['disputes']['mine']['data'][number];

export const makeDispute = fixture<DisputeFixture>(() => ({
  id: '0193a7c2-0000-7000-8000-00000000d001',
  status: 'submitted',
  reason: 'unauthorised',
  description: 'I never bought concert tickets.',
  ticketId: '0193a7c2-0000-7000-8000-00000000e001',
  transactionId: '0193a7c2-0000-7000-8000-00000000f001',
  creditedAmount: 0,
  creditTransactionId: null,
  creditReversalId: null,
  decisionReason: null,
  creditDueAt: '2026-12-11T10:00:00.000Z',
  decisionDueAt: '2027-01-11T10:00:00.000Z',
  nextDeadline: '2026-12-11T10:00:00.000Z',
  late: false,
  creditLate: false,
  decisionLate: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  closedAt: null,
  ticketNumber: 1042,
  transaction: {
    description: 'Concert tickets',
    type: 'transfer',
    amount: 80,
    reversedAmount: 0,
    createdAt: '2026-11-26T18:00:00.000Z',
  },
  customer: { id: 'cust-1', name: 'Alice Adams', email: 'alice@example.com' },
}));
