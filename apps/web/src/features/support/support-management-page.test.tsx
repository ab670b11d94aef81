import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../lib/live-events.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { makeTicket, ticketId, ticketPage } from '../../testing/support-fixtures.ts';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

const admin = signedInAs(makeUser({ role: 'admin', id: 'admin-1' }));
const agent = signedInAs(
  makeUser({ role: 'support', id: 'agent-1', firstName: 'Sam', lastName: 'Support' }),
);

const alicesTicket = makeTicket({
  user: { ...makeTicket().user, name: 'Alice Johnson', email: 'alice@demo.bank' },
});
const tickets = [
  alicesTicket,
  makeTicket({
    id: 't2',
    ticketId: '#1002',
    subject: 'Loan question',
    status: 'in_progress',
    priority: 'low',
    category: 'loan',
  }),
  makeTicket({
    id: 't3',
    ticketId: '#1003',
    subject: 'Done',
    status: 'resolved',
    priority: 'medium',
  }),
];

describe('support management', () => {
  it('lists tickets with filters (each with All), columns and row actions by status', async () => {
    mockProcedure('support.all', () => ticketPage(tickets, { total: 23, hasMore: true }));
    const { user, history } = renderApp('/admin/support', { session: admin });
    const table = await screen.findByRole('table', { name: 'Support tickets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Ticket ID',
      'Subject',
      'User',
      'Status',
      'Priority',
      'Assigned to',
      'Created',
      'Actions',
    ]);
    for (const label of ['Status', 'Priority', 'Category']) {
      expect(
        within(screen.getByLabelText(label)).getByRole('option', { name: 'All' }),
      ).toBeInTheDocument();
    }
    expect(
      within(screen.getByLabelText('Category')).getByRole('option', { name: 'technical support' }),
    ).toBeInTheDocument();
    const [open, progress, resolved] = await findBodyRows('Support tickets', 3);
    expectTextsIn(open, ['Alice Johnson', 'alice@demo.bank', 'OPEN']);
    expect(within(progress).getByText('IN PROGRESS')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /as In Progress/ })).toBeEnabled();
    expect(within(progress).getByRole('button', { name: /as In Progress/ })).toBeDisabled();
    expect(within(progress).getByRole('button', { name: /as Resolved/ })).toBeEnabled();
    expect(within(resolved).getByRole('button', { name: /as Resolved/ })).toBeDisabled();
    expect(screen.getByText('Showing 1 to 3 of 23 results')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(history.location.search).toContain('page=2');
    expect(history.location.search).toContain('status=open');
    expect(callsTo('support.all').at(-1)).toMatchObject({ page: 2, status: 'open', limit: 10 });
  });

  it('says who has each ticket and filters to the staff member’s own or to unassigned ones', async () => {
    mockProcedure('support.all', () =>
      ticketPage([
        makeTicket({
          assignedTo: 'agent-1',
          assignedAgent: { id: 'agent-1', name: 'Sam Support' },
        }),
        makeTicket({ id: 't2', ticketId: '#1002', assignedTo: null, assignedAgent: null }),
      ]),
    );
    const { user, history } = renderApp('/admin/support', { session: agent });
    const [taken, waiting] = await findBodyRows('Support tickets', 2);
    expect(within(taken).getByText('Sam Support')).toBeInTheDocument();
    expect(within(waiting).getByText('Unassigned')).toBeInTheDocument();

    const assigned = screen.getByLabelText('Assigned');
    expect(
      within(assigned)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Mine', 'Unassigned']);
    await user.selectOptions(assigned, 'mine');
    expect(history.location.search).toContain('assigned=mine');
    await vi.waitFor(() =>
      expect(callsTo('support.all').at(-1)).toMatchObject({ assigned: 'mine', page: 1 }),
    );
  });

  it('changes status and reloads the list with the same page and filters', async () => {
    mockProcedures({
      'support.all': () => ticketPage(tickets),
      'support.updateStatus': () => ({
        message: 'Ticket updated successfully',
        ticket: alicesTicket,
      }),
    });
    const { user } = renderApp('/admin/support?page=1&category=technical_support', {
      session: admin,
    });
    const table = await screen.findByRole('table', { name: 'Support tickets' });
    const before = callsTo('support.all').length;
    await user.click(
      within(table).getAllByRole('button', { name: /as Resolved/ })[0] as HTMLElement,
    );
    expect(callsTo('support.updateStatus')).toEqual([{ id: ticketId, status: 'resolved' }]);
    await screen.findByRole('table', { name: 'Support tickets' });
    await vi.waitFor(() => expect(callsTo('support.all').length).toBeGreaterThan(before));
    expect(callsTo('support.all').at(-1)).toMatchObject({ page: 1, category: 'technical_support' });
  });

  it('replaces the screen with a red message when loading fails', async () => {
    mockProcedure('support.all', failing('FORBIDDEN', 'You do not have access to this'));
    renderApp('/admin/support', { session: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this');
    expect(screen.queryByRole('heading', { name: 'Support Management' })).not.toBeInTheDocument();
  });

  it('lets the support role in, with Support Management and the disputes queue in its menu, and opens a ticket chat', async () => {
    mockProcedures({
      'support.all': () => ticketPage(tickets),
      'support.byId': () => ({ ticket: alicesTicket }),
      'support.messages': () => ({
        messages: [],
        ticketInfo: { status: 'open', user: alicesTicket.user, assignedTo: null },
      }),
      'support.joinChat': () => ({ joined: true }),
      'support.leaveChat': () => ({ left: true }),
    });
    const { user } = renderApp('/admin/support', { session: agent });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Support Management', 'Disputes']);
    expect(within(nav).getByText('Support Agent')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open chat for ticket #1001' }));
    expect(await screen.findByRole('heading', { name: 'Ticket #1001' })).toBeInTheDocument();
    expect(screen.getByText('Chatting with Alice Johnson')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /as In Progress/ })).toBeEnabled();
    act(() => {
      emitLiveEvent({
        type: 'support:typing',
        data: { ticketId, userId: 'user-1', name: 'Alice Johnson', at: new Date().toISOString() },
      });
    });
    expect(await screen.findByText('Alice Johnson is typing…')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to tickets' }));
    expect(await screen.findByRole('table', { name: 'Support tickets' })).toBeInTheDocument();
  });

  it('sends the support role from any other page to its support screens', async () => {
    mockProcedure('support.all', () => ticketPage([]));
    renderApp('/admin/users', { session: agent });
    expect(await screen.findByRole('heading', { name: 'Support Management' })).toBeInTheDocument();
  });
});
