import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { makeTicket, ticketPage } from '../../testing/support-fixtures.ts';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

const customer = signedInAs(makeUser());

describe('support tickets list', () => {
  it('shows No support tickets with Create New Ticket, and the Need Help section', async () => {
    mockProcedure('support.list', () => ticketPage([]));
    renderApp('/support', { session: customer });
    expect(await screen.findByRole('heading', { name: 'Support Tickets' })).toBeInTheDocument();
    expect(await screen.findByText('No support tickets')).toBeInTheDocument();
    expectLinkTo('Create New Ticket', '/support/create');
    expectLinkTo('New Ticket', '/support/create');
    const help = screen.getByRole('region', { name: 'Need Help' });
    expect(within(help).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faqs');
    expect(within(help).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(help).getByRole('button', { name: 'Live Chat' })).toBeInTheDocument();
  });

  it('links each ticket to its page with status and priority badges', async () => {
    mockProcedure('support.list', () =>
      ticketPage([
        makeTicket(),
        makeTicket({ id: 't2', subject: 'Loan question', status: 'in_progress', priority: 'low' }),
      ]),
    );
    renderApp('/support', { session: customer });
    const link = await screen.findByRole('link', { name: 'Card declined abroad' });
    expect(link.getAttribute('href')).toMatch(/^\/support\/0196a000/);
    expect(screen.getByText('in progress')).toBeInTheDocument();
    expect(screen.getByText('high priority')).toBeInTheDocument();
    expect(screen.getAllByText(/Updated Mar 8, 2026/).length).toBe(2);
  });

  it('Live Chat opens the chat of the latest open ticket', async () => {
    mockProcedure('support.list', () => ticketPage([]));
    mockProcedure('support.liveChat', () => ({ id: makeTicket().id, created: false }));
    mockProcedure('support.byId', () => ({ ticket: makeTicket() }));
    mockProcedure('support.messages', () => ({
      messages: [],
      ticketInfo: { status: 'open', user: makeTicket().user, assignedTo: null },
    }));
    mockProcedure('support.joinChat', () => ({ joined: true }));
    mockProcedure('support.leaveChat', () => ({ left: true }));
    const { user } = renderApp('/support', { session: customer });
    await user.click(await screen.findByRole('button', { name: 'Live Chat' }));
    expect(await screen.findByRole('button', { name: 'Hide Chat' })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(callsTo('support.liveChat')).toHaveLength(1);
  });
});
