import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../testing/fixtures.ts';
import { type BankFixture, bankPage, makeBank } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedList } from '../../testing/saved-list.ts';
import { callsTo, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';
import { retype } from '../../testing/user-actions.ts';

/** A bank list that remembers what the page adds, changes and removes. */
function serveBanks(initial: BankFixture[]) {
  const banks = savedList(initial, { notFound: 'Bank not found', newFirst: true });
  mockProcedures({
    'banks.list': () => bankPage(banks.all()),
    'banks.create': (input) => {
      const bank = banks.add(
        makeBank({ ...input, maskedAccountNumber: `****${String(input.accountNumber).slice(-4)}` }),
      );
      return { message: 'Bank added successfully', bank };
    },
    'banks.update': (input) => {
      const bank = banks.update(input.id, (known) => ({ ...known, ...input }));
      return { message: 'Bank updated successfully', bank };
    },
    'banks.remove': banks.removeAnswering('Bank deleted successfully'),
  });
}

describe('my banks', () => {
  it('says No banks found, then adds one', async () => {
    serveBanks([]);
    const { user } = renderApp('/my-banks', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'My Banks', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No banks found')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Bank name/), 'Credit Union');
    await user.type(screen.getByLabelText(/Account number/), '1122334455');
    await user.type(screen.getByLabelText(/Routing number/), '123');
    await user.selectOptions(screen.getByLabelText(/Account type/), 'savings');
    await user.click(screen.getByRole('button', { name: 'Add Bank' }));
    expect(await screen.findByText('Invalid routing number')).toBeInTheDocument();
    await retype(user, /Routing number/, '021000021');
    await user.click(screen.getByRole('button', { name: 'Add Bank' }));
    expect(await screen.findByText('Bank added successfully')).toBeInTheDocument();
    expect(callsTo('banks.create')).toEqual([
      {
        name: 'Credit Union',
        accountNumber: '1122334455',
        routingNumber: '021000021',
        accountType: 'savings',
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Credit Union' })).toBeInTheDocument();
    expect(screen.getByText('****4455')).toBeInTheDocument();
  });

  it('shows a spinner while loading and Error loading banks on failure', async () => {
    mockProcedures({
      'banks.list': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new TrpcMockError('BAD_REQUEST', 'Nope');
      },
    });
    renderApp('/my-banks', { session: signedInAs() });
    expect(await screen.findByText('Loading banks')).toBeInTheDocument();
    expect(await screen.findByText('Error loading banks')).toBeInTheDocument();
  });

  it('shows a tile with details, and updates it in the Update Bank dialog', async () => {
    const bank = makeBank({ name: 'First Federal', accountType: 'checking' });
    serveBanks([bank]);
    const { user } = renderApp('/my-banks', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'First Federal' })).toBeInTheDocument();
    const tile = within(screen.getByRole('list', { name: 'Linked banks' })).getByRole('listitem');
    expect(within(tile).getByText('****3210')).toBeVisible();
    expect(within(tile).getAllByText('Checking')[0]).toBeVisible();
    const details = screen.getByRole('button', { name: 'Details of First Federal' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('9876543210')).toBeVisible();
    expect(screen.getByText('021000021')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit First Federal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Bank' });
    const name = within(dialog).getByLabelText(/Bank name/);
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Bank name is required')).toBeInTheDocument();
    await user.type(name, 'Federal One');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bank updated successfully')).toBeInTheDocument();
    expect(callsTo('banks.update')).toEqual([
      {
        id: bank.id,
        name: 'Federal One',
        accountNumber: '9876543210',
        routingNumber: '021000021',
        accountType: 'checking',
        accountName: '',
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Federal One' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the bank', async () => {
    const bank = makeBank({ name: 'Riverside Savings' });
    serveBanks([bank]);
    const { user } = renderApp('/my-banks', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside Savings' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete Riverside Savings?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank deleted successfully')).toBeInTheDocument();
    expect(callsTo('banks.remove')).toEqual([{ id: bank.id }]);
    expect(await screen.findByText('No banks found')).toBeInTheDocument();
  });
});
