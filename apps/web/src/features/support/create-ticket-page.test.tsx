import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';
import { makeTicket, ticketPage } from '../../testing/support-fixtures.ts';
import { mockProcedure } from '../../testing/trpc-msw.ts';

const customer = signedInAs(makeUser());

describe('create support ticket', () => {
  it('shows every message of docs/product.md 5 and the attachment hint, priority medium by default', async () => {
    const { user } = renderApp('/support/create', { session: customer });
    expect(await screen.findByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
    expect(screen.getByLabelText(/Priority/)).toHaveValue('medium');
    expect(screen.getByLabelText(/Description/)).toHaveAttribute('rows', '6');
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Subject/), 'Hey');
    await user.type(screen.getByLabelText(/Description/), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 20 characters')).toBeInTheDocument();
  });

  it('refuses a file over 10,000,000 bytes with File is too large', async () => {
    renderApp('/support/create', { session: customer });
    const input = await screen.findByTestId('attachments-input');
    const big = new File([new Uint8Array(10_000_001)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File is too large')).toBeInTheDocument();
    expect(screen.queryByText('big.png')).not.toBeInTheDocument();
  });

  it('sends the form as multipart with repeated attachments and lands on /support', async () => {
    const received: { fields: Record<string, string>; files: string[] }[] = [];
    server.use(
      http.post('*/api/v1/support/tickets', async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        const files: string[] = [];
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') fields[name] = value;
          // jsdom's XMLHttpRequest drops the file names on the way: the part names remain.
          else files.push(name);
        }
        received.push({ fields, files });
        return HttpResponse.json(
          { message: 'Support ticket created successfully', ticket: makeTicket() },
          { status: 201 },
        );
      }),
    );
    mockProcedure('support.list', () => ticketPage([makeTicket()]));
    const { user } = renderApp('/support/create', { session: customer });
    await user.type(await screen.findByLabelText(/Subject/), 'Card declined abroad');
    await user.selectOptions(screen.getByLabelText(/Category/), 'transaction');
    await user.type(
      screen.getByLabelText(/Description/),
      'My card was declined in a shop in Lisbon yesterday.',
    );
    const input = screen.getByTestId('attachments-input');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], 'one.png', { type: 'image/png' }),
          new File(['b'], 'two.gif', { type: 'image/gif' }),
        ],
      },
    });
    expect(await screen.findByText('one.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Support ticket created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Support Tickets' })).toBeInTheDocument();
    expect(received).toEqual([
      {
        fields: {
          subject: 'Card declined abroad',
          category: 'transaction',
          priority: 'medium',
          description: 'My card was declined in a shop in Lisbon yesterday.',
        },
        files: ['attachments', 'attachments'],
      },
    ]);
  });
});
