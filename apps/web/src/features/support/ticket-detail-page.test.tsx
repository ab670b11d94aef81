import { act, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../lib/live-events.ts';
import { expectLinkTo } from '../../testing/assertions.ts';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';
import { makeMessage, makeTicket, ticketId } from '../../testing/support-fixtures.ts';
import { callsTo, failing, mockProcedures } from '../../testing/trpc-msw.ts';

const customer = signedInAs(makeUser());

function mockChat(ticket = makeTicket(), messages = [makeMessage()]) {
  mockProcedures({
    'support.byId': () => ({ ticket }),
    'support.messages': () => ({
      messages,
      ticketInfo: { status: ticket.status, user: ticket.user, assignedTo: null },
    }),
    'support.joinChat': () => ({ joined: true }),
    'support.leaveChat': () => ({ left: true }),
    'support.typing': () => ({ sent: true }),
    'support.send': (input) => {
      const { message, clientId } = input as { message: string; clientId: string };
      return {
        message: 'Response added successfully',
        created: true,
        data: makeMessage({
          id: clientId,
          _id: clientId,
          message,
          senderType: 'user',
          sender: { id: 'user-1', _id: 'user-1', name: 'Ada Lovelace' },
          createdAt: '2026-03-07T10:06:00.000Z',
        }),
      };
    },
  });
}

describe('ticket detail', () => {
  it('shows the ticket, its attachments with previews and Download links', async () => {
    mockChat(
      makeTicket({
        attachments: [
          {
            id: 'f1',
            filename: 'receipt.png',
            fileName: 'receipt.png',
            url: '/api/v1/support/attachments/f1',
            fileUrl: '/api/v1/support/attachments/f1',
            contentType: 'image/png',
            size: 1200,
          },
        ],
      }),
    );
    renderApp(`/support/${ticketId}`, { session: customer });
    expect(
      await screen.findByRole('heading', { name: 'Card declined abroad' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('#1001').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Mar 7, 2026').length).toBeGreaterThan(0);
    expect(screen.getByText('Technical support')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of receipt.png' })).toHaveAttribute(
      'src',
      '/api/v1/support/attachments/f1',
    );
    expectLinkTo('Download receipt.png', '/api/v1/support/attachments/f1');
  });

  it('says Ticket not found for a ticket that is not there (or not yours)', async () => {
    mockProcedures({
      'support.byId': failing('NOT_FOUND', 'Ticket not found'),
    });
    renderApp(`/support/${ticketId}`, { session: customer });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket not found' }),
    ).toBeInTheDocument();
  });

  it('has no chat toggle once resolved', async () => {
    mockChat(makeTicket({ status: 'resolved' }));
    renderApp(`/support/${ticketId}`, { session: customer });
    expect((await screen.findAllByText('resolved')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Chat with Support' })).not.toBeInTheDocument();
  });

  it('chats: Enter sends, Shift+Enter is a new line, blanks are not sent, markup stays text, live lines append once', async () => {
    mockChat();
    const { user } = renderApp(`/support/${ticketId}`, { session: customer });
    await user.click(await screen.findByRole('button', { name: 'Chat with Support' }));
    expect(screen.getByRole('button', { name: 'Hide Chat' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Hello, how can I help?')).toBeInTheDocument();
    expect(within(log).getByText('Sam Support')).toBeInTheDocument();
    expect(callsTo('support.joinChat')).toEqual([{ ticketId }]);

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   {Enter}');
    expect(callsTo('support.send')).toHaveLength(0);

    await user.type(box, '<b>bold</b>{Shift>}{Enter}{/Shift}<img src=x onerror=alert(1)>{Enter}');
    const markup = '<b>bold</b>\n<img src=x onerror=alert(1)>';
    expect(
      await within(log).findByText((_, el) => el?.textContent === markup && el.tagName === 'DIV'),
    ).toBeInTheDocument();
    expect(log.querySelector('b, img')).toBeNull();
    expect(callsTo('support.send')).toEqual([
      { ticketId, message: markup, clientId: expect.any(String) },
    ]);
    expect(box).toHaveValue('');

    const live = makeMessage({
      id: 'live-1',
      _id: 'live-1',
      message: 'Let me check that.',
      createdAt: '2026-03-07T10:07:00.000Z',
    });
    act(() => {
      emitLiveEvent({ type: 'new_support_message', data: { ...live } });
      emitLiveEvent({ type: 'new_support_message', data: { ...live } });
      emitLiveEvent({ type: 'support:agent_joined', data: { ticketId, agentName: 'Sam Support' } });
    });
    expect(await within(log).findByText('Let me check that.')).toBeInTheDocument();
    expect(within(log).getAllByText('Let me check that.')).toHaveLength(1);
    expect(screen.getByText('Sam Support joined the chat')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide Chat' }));
    expect(screen.queryByRole('log', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('sends images from the chat as one message with its files', async () => {
    mockChat(makeTicket(), []);
    const received: Record<string, string>[] = [];
    server.use(
      http.post('*/api/v1/support/tickets/:id/messages', async ({ request }) => {
        const form = await request.formData();
        received.push({
          message: String(form.get('message')),
          files: String(form.getAll('attachments').length),
        });
        return HttpResponse.json(
          {
            message: 'Response added successfully',
            data: makeMessage({
              id: 'with-file',
              message: String(form.get('message')),
              sender: { id: 'user-1', _id: 'user-1', name: 'Ada Lovelace' },
              attachments: [
                {
                  id: 'f9',
                  filename: 'shot.png',
                  fileName: 'shot.png',
                  url: '/api/v1/support/attachments/f9',
                  fileUrl: '/api/v1/support/attachments/f9',
                  contentType: 'image/png',
                  size: 10,
                },
              ],
            }),
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(`/support/${ticketId}?chat=true`, { session: customer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See this screenshot');
    fireEvent.change(screen.getByTestId('chat-attachments-input'), {
      target: { files: [new File(['x'], 'shot.png', { type: 'image/png' })] },
    });
    expect(await within(log).findByRole('link', { name: /shot\.png/ })).toHaveAttribute(
      'href',
      '/api/v1/support/attachments/f9',
    );
    expect(received).toEqual([{ message: 'See this screenshot', files: '1' }]);
  });

  it('keeps a line sent while the connection is down and sends it once it is back', async () => {
    mockChat(makeTicket(), []);
    // The first send finds no network at all.
    server.use(http.post('*/trpc/support.send', () => HttpResponse.error(), { once: true }));
    const { user } = renderApp(`/support/${ticketId}?chat=true`, { session: customer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    expect(await within(log).findByText('Waiting for connection…')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await within(log).findByText('Are you there?', { selector: 'div' });
    await vi.waitFor(() =>
      expect(within(log).queryByText('Waiting for connection…')).not.toBeInTheDocument(),
    );
    const sends = callsTo('support.send');
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ ticketId, message: 'Are you there?' });
  });

  it('shows a line once when its live copy arrives before the answer to the send', async () => {
    mockChat(makeTicket(), []);
    let release: () => void = () => {};
    mockProcedures({
      'support.send': async (input) => {
        const { message, clientId } = input as { message: string; clientId: string };
        const data = makeMessage({
          id: clientId,
          _id: clientId,
          message,
          sender: { id: 'user-1', _id: 'user-1', name: 'Ada Lovelace' },
        });
        // The subscription is faster than the HTTP answer.
        emitLiveEvent({ type: 'new_support_message', data: { ...data } });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { message: 'Response added successfully', created: true, data };
      },
    });
    const { user } = renderApp(`/support/${ticketId}?chat=true`, { session: customer });
    const log = await screen.findByRole('log', { name: 'Messages' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Only once{Enter}');
    await within(log).findByText('Only once', { selector: 'div' });
    expect(within(log).getAllByText('Only once')).toHaveLength(1);
    act(() => release());
    await vi.waitFor(() => expect(within(log).getAllByText('Only once')).toHaveLength(1));
  });
});
