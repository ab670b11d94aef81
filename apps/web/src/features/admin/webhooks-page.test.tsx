import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { fixture } from '../../testing/fixture.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

type Subscription = RouterOutputs['webhooks']['ofApp']['webhooks'][number];
type Delivery = RouterOutputs['webhooks']['deliveries']['deliveries'][number];

const makeWebhook = fixture<Subscription>(() => ({
  id: '0193a7c2-0000-7000-8000-0000000000b1',
  clientId: 'app_budgetly',
  url: 'https://budgetly.example.com/hooks/horizon',
  events: ['transaction.created', 'transaction.completed'],
  createdAt: '2026-11-27T09:30:00.000Z',
  removedAt: null,
  pending: 1,
  failed: 1,
  delivered: 5,
}));

const makeDelivery = fixture<Delivery>(() => ({
  id: '0193a7c2-0000-7000-8000-0000000000c1',
  webhookId: '0193a7c2-0000-7000-8000-0000000000b1',
  messageId: 'msg_812_transaction_created',
  eventType: 'transaction.created',
  status: 'failed',
  attempts: 15,
  lastStatusCode: 503,
  lastError: 'Answered 503',
  lastAttemptAt: '2026-11-28T09:10:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-27T09:31:00.000Z',
}));

describe('/admin/webhooks', () => {
  it('shows an app’s webhooks and a delivery log, filters it and replays a delivery', async () => {
    const webhook = makeWebhook();
    const failed = makeDelivery();
    const waiting = makeDelivery({
      id: '0193a7c2-0000-7000-8000-0000000000c2',
      messageId: 'msg_815_transaction_completed',
      eventType: 'transaction.completed',
      status: 'pending',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'connect ECONNREFUSED 203.0.113.9:443',
      nextAttemptAt: '2026-11-27T09:32:20.000Z',
    });
    mockProcedure('webhooks.ofApp', (input) => ({
      webhooks: input.clientId === 'app_budgetly' ? [webhook] : [],
    }));
    mockProcedure('webhooks.deliveries', (input) => ({
      webhook,
      deliveries: input.status === 'failed' ? [failed] : [waiting, failed],
      total: input.status === 'failed' ? 1 : 2,
    }));
    mockProcedures({
      'webhooks.replay': () => ({
        message: 'The delivery will be sent again now',
        delivery: { ...failed, status: 'pending' as const },
      }),
    });
    const { user } = renderApp(`/admin/webhooks?clientId=app_budgetly&webhook=${webhook.id}`, {
      session: adminSession,
    });
    // The first render loads the route's code: on a busy machine that takes longer than a find.
    const [row] = await findBodyRows('Webhook subscriptions', 1, { timeout: 15_000 });
    expectTextsIn(row, [webhook.url, 'transaction.completed', 'Active']);
    expect(callsTo('webhooks.ofApp')).toContainEqual({ clientId: 'app_budgetly' });

    const [first, second] = await findBodyRows('Webhook deliveries', 2);
    expectTextsIn(first, ['Waiting', 'connect ECONNREFUSED 203.0.113.9:443']);
    expectTextsIn(second, ['Given up', '503', '15']);

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(callsTo('webhooks.deliveries')).toContainEqual({ id: webhook.id, status: 'failed' }),
    );

    await user.click(await screen.findByRole('button', { name: `Replay ${failed.messageId}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replay delivery' });
    expect(within(dialog).getByText(/same webhook-id and a fresh 24 hours/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('The delivery will be sent again now')).toBeInTheDocument();
    expect(callsTo('webhooks.replay')).toEqual([{ id: failed.id }]);
    // A longer budget: this first test also loads the route's code, slow on a busy machine.
  }, 60_000);

  it('finds an app by its client ID, says when it has none, and offers no replay for a removed webhook', async () => {
    const removed = makeWebhook({ removedAt: '2026-11-28T08:00:00.000Z' });
    mockProcedure('webhooks.ofApp', (input) => ({
      webhooks: input.clientId === 'app_gone' ? [removed] : [],
    }));
    mockProcedure('webhooks.deliveries', () => ({
      webhook: removed,
      deliveries: [makeDelivery()],
      total: 1,
    }));
    const { user } = renderApp('/admin/webhooks?clientId=app_nothing', { session: adminSession });
    expect(await screen.findByText('No webhooks')).toBeInTheDocument();
    // Client IDs are listed with the registered apps.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Apps' })).toHaveAttribute(
      'href',
      '/admin/apps',
    );

    const input = screen.getByLabelText('App client ID');
    await user.clear(input);
    await user.type(input, 'app_gone');
    await user.click(screen.getByRole('button', { name: 'Show webhooks' }));
    const subscriptions = await screen.findByRole('table', { name: 'Webhook subscriptions' });
    expect(within(subscriptions).getByText('Removed')).toBeInTheDocument();
    await user.click(
      within(subscriptions).getByRole('button', { name: `Deliveries of ${removed.url}` }),
    );
    expect(await screen.findByText(/This webhook was removed by the app/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Replay msg_/ })).toBeDisabled();
  });
});
