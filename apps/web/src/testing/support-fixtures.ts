import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture } from './fixture.ts';

type Ticket = RouterOutputs['support']['byId']['ticket'];
type Message = RouterOutputs['support']['messages']['messages'][number];

export const ticketId = '0196a000-0000-7000-8000-000000000001';

export const makeTicket = fixture<Ticket>(() => ({
  id: ticketId,
  _id: ticketId,
  ticketId: '#1001',
  number: 1001,
  subject: 'Card declined abroad',
  category: 'technical_support',
  priority: 'high',
  description: 'My card was declined in a shop in Lisbon yesterday evening.',
  status: 'open',
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-08T10:00:00.000Z',
  user: {
    id: 'user-1',
    _id: 'user-1',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  },
  assignedTo: null,
  assignedAgent: null,
  lastResponse: null,
  attachments: [],
}));

export const makeMessage = fixture<Message>(() => ({
  id: '0196a000-0000-7000-8000-0000000000a1',
  _id: '0196a000-0000-7000-8000-0000000000a1',
  ticketId,
  sender: { id: 'agent-1', _id: 'agent-1', name: 'Sam Support' },
  senderType: 'support',
  message: 'Hello, how can I help?',
  createdAt: '2026-03-07T10:05:00.000Z',
  timestamp: '2026-03-07T10:05:00.000Z',
  attachments: [],
}));

export function ticketPage(
  tickets: Ticket[],
  overrides: Partial<{ page: number; total: number; hasMore: boolean }> = {},
) {
  return {
    tickets,
    page: overrides.page ?? 1,
    limit: 10,
    count: tickets.length,
    total: overrides.total ?? tickets.length,
    hasMore: overrides.hasMore ?? false,
  };
}
