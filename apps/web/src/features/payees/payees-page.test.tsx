import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import { makePayee, type PayeeFixture } from '../../testing/payee-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedList } from '../../testing/saved-list.ts';
import { callsTo, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';

/** A server that keeps payees, and takes only the code 123456 as the second factor. */
function servePayees(initial: PayeeFixture[]) {
  const payees = savedList(initial, { notFound: 'Payee not found' });
  mockProcedures({
    'payees.list': () => ({ data: payees.all() }),
    'payees.stepUp': () => ({
      method: 'email' as const,
      message: 'We sent a 6-digit code to your e-mail. It works once, for 10 minutes.',
      expiresAt: '2026-11-27T10:10:00.000Z',
    }),
    'payees.create': (input) => {
      if (input.code !== '123456')
        throw new TrpcMockError(
          'FORBIDDEN',
          'The code is wrong or has expired. Ask for a new one.',
          { reason: 'STEP_UP_REQUIRED' },
        );
      const payee = makePayee({
        name: input.name,
        accountNumber: input.accountNumber.slice(-4),
        bank: input.bank,
        routingNumber: input.bank === 'external' ? input.routingNumber : null,
        confirmation:
          input.bank === 'external'
            ? { result: null, holder: null }
            : { result: 'match', holder: 'Bob S.' },
        dailyLimit: input.dailyLimit ?? null,
      });
      return { message: 'Payee added', payee: payees.add(payee) };
    },
    'payees.update': (input) => {
      const payee = payees.update(input.id, (known) => ({
        ...known,
        name: input.name ?? known.name,
        dailyLimit: input.dailyLimit ?? null,
      }));
      return { message: 'Payee updated', payee };
    },
    'payees.remove': payees.removeAnswering('Payee removed'),
  });
}

describe('payees', () => {
  it('adds a payee only with the second factor, and shows the payee check', async () => {
    servePayees([]);
    const { user } = renderApp('/payees', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Payees', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/No payees yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payee' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Payee name is required')).toBeInTheDocument();
    expect(callsTo('payees.stepUp')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Payee name/), 'Bob Smith');
    await user.type(within(dialog).getByLabelText(/Account number/), '412345678085');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/We sent a 6-digit code/)).toBeInTheDocument();
    expect(callsTo('payees.stepUp')).toEqual([{ purpose: 'payee' }]);
    await user.type(within(dialog).getByLabelText(/Confirmation code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save payee' }));
    expect(
      await within(dialog).findByText('The code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Confirmation code/));
    await user.type(within(dialog).getByLabelText(/Confirmation code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save payee' }));
    expect(
      await screen.findByText(
        'Payee added: Bob Smith. The name matches the account holder (Bob S.).',
      ),
    ).toBeInTheDocument();
    expect(callsTo('payees.create').at(-1)).toEqual({
      bank: 'internal',
      name: 'Bob Smith',
      accountNumber: '412345678085',
      code: '123456',
    });
    const tile = within(await screen.findByRole('list', { name: 'Payees' })).getByRole('listitem');
    expect(within(tile).getByText('Name matches')).toBeInTheDocument();
    expect(within(tile).getByText('Holder: Bob S.')).toBeInTheDocument();
  });

  it('asks another bank’s payee for a routing number that passes the checksum', async () => {
    servePayees([]);
    const { user } = renderApp('/payees', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Add payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payee' });
    await user.selectOptions(within(dialog).getByLabelText(/Bank/), 'external');
    await user.type(within(dialog).getByLabelText(/Payee name/), 'Landlord');
    await user.type(within(dialog).getByLabelText(/Routing number/), '021000022');
    await user.type(within(dialog).getByLabelText(/Account number/), '987654321');
    await user.type(within(dialog).getByLabelText(/Daily limit/), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Invalid routing number')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Routing number/));
    await user.type(within(dialog).getByLabelText(/Routing number/), '021000021');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText(/Confirmation code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save payee' }));
    expect(await screen.findByRole('heading', { name: 'Landlord' })).toBeInTheDocument();
    expect(callsTo('payees.create').at(-1)).toEqual({
      bank: 'external',
      name: 'Landlord',
      routingNumber: '021000021',
      accountNumber: '987654321',
      dailyLimit: 1500,
      code: '123456',
    });
    expect(screen.getByText('Routing 021000021')).toBeInTheDocument();
  });

  it('renames a payee and deletes one', async () => {
    const bob = makePayee();
    servePayees([bob]);
    const { user } = renderApp('/payees', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit payee' });
    await user.clear(within(dialog).getByLabelText(/Payee name/));
    await user.type(within(dialog).getByLabelText(/Payee name/), 'Bobby');
    await user.type(within(dialog).getByLabelText(/Daily limit/), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Bobby' })).toBeInTheDocument();
    expect(callsTo('payees.update')).toEqual([{ id: bob.id, name: 'Bobby', dailyLimit: 200 }]);
    await user.click(screen.getByRole('button', { name: 'Delete Bobby' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete payee' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No payees yet/)).toBeInTheDocument();
    expect(callsTo('payees.remove')).toEqual([{ id: bob.id }]);
  });
});
