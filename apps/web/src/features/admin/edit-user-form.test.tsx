import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserDetail } from '../../testing/admin-user-fixtures.ts';
import { adminSession } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, mockProcedures } from '../../testing/trpc-msw.ts';

const customerId = '0193a5f0-0000-7000-8000-000000000002';

describe('the edit form on the admin user page', () => {
  // A customer with no limit of their own could not be saved: the empty limit was sent as 0.
  it('loads with the customer’s details and saves a change, no limit staying none', async () => {
    const detail = makeUserDetail({
      user: { id: customerId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    mockProcedures({
      'admin.user': () => detail,
      'admin.updateUser': () => ({
        message: 'User updated successfully',
        user: detail.user,
        approvals: [],
      }),
    });
    const { user } = renderApp(`/admin/users/${customerId}`, { session: adminSession });
    // The form is a chunk of its own, loaded after the page (the page's chunk first, then it).
    const save = await screen.findByRole('button', { name: 'Save Changes' }, { timeout: 15_000 });
    const form = save.closest('form');
    if (!form) throw new Error('no form');
    const firstName = within(form).getByLabelText('First name');
    expect(firstName).toHaveValue('Ada');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Lovelace');

    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(save);
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(callsTo('admin.updateUser')).toEqual([
      expect.objectContaining({
        id: customerId,
        firstName: 'Augusta',
        lastName: 'Lovelace',
        withdrawalLimit: null,
      }),
    ]);
  });
});
