import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitLiveEvent } from '../../lib/live-events.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedures } from '../../testing/trpc-msw.ts';

interface Notice {
  id: string;
  type: 'money_in' | 'money_out' | 'loan' | 'support' | 'maintenance' | 'security';
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  link: string | null;
}

const received: Notice = {
  id: '12',
  type: 'money_in',
  title: 'Received $42.10',
  message: 'Pizza night',
  read: false,
  createdAt: '2026-11-23T18:30:00.000Z',
  link: '/transactions/0190a5c4-8f6b-7c3e-9d2a-1b2c3d4e5f60',
};
const signIn: Notice = {
  id: '11',
  type: 'security',
  title: 'New sign-in to your account',
  message: '203.0.113.7 · Firefox',
  read: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  link: '/profile',
};
const loan: Notice = {
  id: '10',
  type: 'loan',
  title: 'Your loan application was approved',
  message: '',
  read: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  link: '/loans/0190a5c4-8f6b-7c3e-9d2a-1b2c3d4e5f61',
};

/** A server inbox the mocks read and change. */
function serveInbox(initial: Notice[]) {
  let notices = [...initial];
  const answer = () => ({ data: notices, unread: notices.filter((n) => !n.read).length });
  mockProcedures({
    'notifications.list': answer,
    'notifications.markRead': (input) => {
      const before = answer().unread;
      notices = notices.map((n) =>
        'all' in input || input.ids.includes(n.id) ? { ...n, read: true } : n,
      );
      return { marked: before - answer().unread, unread: answer().unread };
    },
  });
  return {
    add(notice: Notice) {
      notices = [notice, ...notices];
    },
  };
}

describe('notification inbox', () => {
  it('lists what the customer was told, newest first, and marks one then all read', async () => {
    serveInbox([received, signIn, loan]);
    const { user } = renderApp('/notifications', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Notifications', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    const items = within(
      await screen.findByRole('list', { name: 'Your notifications' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'Received $42.10',
      'New sign-in to your account',
      'Your loan application was approved',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Pizza night')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Received $42.10' }),
    ).toHaveAttribute('href', received.link);
    await user.click(screen.getByRole('button', { name: 'Mark as read: Received $42.10' }));
    expect(
      await screen.findByRole('link', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(callsTo('notifications.markRead')).toEqual([{ ids: ['12'] }, { all: true }]);
  });

  it('says when there is nothing yet', async () => {
    serveInbox([]);
    renderApp('/notifications', { session: signedInAs() });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('counts what arrives live', async () => {
    const inbox = serveInbox([loan]);
    renderApp('/notifications', { session: signedInAs() });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    inbox.add(received);
    act(() => emitLiveEvent({ type: 'transaction:new', data: { transactionId: 'x' } }));
    expect(
      await screen.findByRole('link', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    // The inbox shows it too, without a reload.
    expect(await screen.findByText('Pizza night')).toBeInTheDocument();
    // Typing in a chat adds nothing: no fetch for it.
    const fetches = callsTo('notifications.list').length;
    act(() => emitLiveEvent({ type: 'support:typing', data: {} }));
    expect(callsTo('notifications.list').length).toBe(fetches);
  });
});
