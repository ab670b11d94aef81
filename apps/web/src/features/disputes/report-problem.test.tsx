import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDispute } from '../../testing/dispute-fixtures.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { makeTransaction } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';
import { callsTo, mockProcedure } from '../../testing/trpc-msw.ts';

const payment = makeTransaction({
  id: '0193a7c2-0000-7000-8000-00000000f001',
  type: 'transfer',
  status: 'completed',
  direction: 'debit',
  amount: 80,
  description: 'Concert tickets',
});

describe('Report a problem', () => {
  it('opens a dispute as multipart, then offers to secure the account for an unauthorised payment', async () => {
    const received: Record<string, string>[] = [];
    server.use(
      http.post('*/api/v1/transactions/:id/disputes', async ({ request, params }) => {
        const form = await request.formData();
        const fields: Record<string, string> = { id: String(params.id) };
        for (const [name, value] of form.entries())
          if (typeof value === 'string') fields[name] = value;
        received.push(fields);
        return HttpResponse.json(
          { message: 'Dispute submitted', dispute: makeDispute() },
          { status: 201 },
        );
      }),
    );
    let opened = false;
    mockProcedure('transactions.byId', () => payment);
    mockProcedure('disputes.mine', () => ({ data: opened ? [makeDispute()] : [] }));
    mockProcedure('auth.changePassword', () => ({ message: 'Password changed successfully' }));
    const { user } = renderApp(`/transactions/${payment.id}`, { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = screen.getByRole('form', { name: 'Report a problem' });
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Please choose what went wrong')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/What went wrong/), 'unauthorised');
    await user.type(within(form).getByLabelText(/Tell us more/), 'I never bought these.');
    opened = true;
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/We received your report/)).toBeInTheDocument();
    expect(received).toEqual([
      { id: payment.id, reason: 'unauthorised', description: 'I never bought these.' },
    ]);
    // The dispute now shows on the payment, and no second report is offered while it is open.
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();

    const secure = screen.getByRole('region', { name: 'Secure your account now' });
    await user.type(within(secure).getByLabelText(/Current password/), 'Str0ng!Passw0rd');
    await user.type(within(secure).getByLabelText(/New password/), 'N3w!Passw0rd-2026');
    await user.click(
      within(secure).getByRole('button', { name: 'Change password and sign out everywhere' }),
    );
    expect(
      await within(secure).findByText(/every other session was signed out/),
    ).toBeInTheDocument();
    expect(callsTo('auth.changePassword')).toEqual([
      { currentPassword: 'Str0ng!Passw0rd', newPassword: 'N3w!Passw0rd-2026' },
    ]);
  });

  it('offers nothing on the bank’s own corrections', async () => {
    const reversal = makeTransaction({ ...payment, type: 'reversal', reverses: payment.id });
    mockProcedure('transactions.byId', () => reversal);
    mockProcedure('disputes.mine', () => ({ data: [] }));
    renderApp(`/transactions/${payment.id}`, { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Concert tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});
