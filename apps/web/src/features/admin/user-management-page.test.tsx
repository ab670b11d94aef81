import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeListedUser } from '../../testing/admin-user-fixtures.ts';
import { expectTextsIn, findBodyRows } from '../../testing/assertions.ts';
import { adminSession, makeUser, signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';

const stats = {
  totalUsers: 12,
  activeUsers: 9,
  blockedUsers: 2,
  unverifiedUsers: 1,
  newUsersThisMonth: 4,
  usersByRole: { user: 10, admin: 1, support: 1 },
  activityStats: {
    signInsLast24Hours: 3,
    signInsLast30Days: 20,
    activeUsersLast24Hours: 2,
    activeUsersLast30Days: 8,
  },
};

function serveUsers(
  users = [
    makeListedUser(),
    makeListedUser({
      id: '0193a7c2-0000-7000-8000-0000000000a2',
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      status: 'blocked',
      isBlocked: true,
    }),
  ],
) {
  mockProcedures({
    'admin.users': () => ({
      data: users,
      page: 1,
      limit: 10,
      count: users.length,
      total: 12,
      hasMore: true,
    }),
    'admin.userStats': () => stats,
  });
}

describe('admin user management', () => {
  it('offers no Block or Delete on the administrator’s own row (the server refuses both)', async () => {
    const me = makeUser({
      id: 'admin-1',
      _id: 'admin-1',
      role: 'admin',
      firstName: 'Bank',
      lastName: 'Admin',
    });
    serveUsers([
      makeListedUser({
        id: 'admin-1',
        _id: 'admin-1',
        firstName: 'Bank',
        lastName: 'Admin',
        role: 'admin',
      }),
      makeListedUser(),
    ]);
    renderApp('/admin/users', { session: signedInAs(me) });
    const [own, grace] = await findBodyRows('Users', 2);
    expect(within(own).queryByRole('button', { name: 'Block Bank Admin' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Delete Bank Admin' })).toBeNull();
    expect(within(grace).getByRole('button', { name: 'Block Grace Hopper' })).toBeInTheDocument();
    expect(within(grace).getByRole('button', { name: 'Delete Grace Hopper' })).toBeInTheDocument();
  });

  it('lists users with their account, status and balance, and pages on the server', async () => {
    serveUsers();
    const { user, router } = renderApp('/admin/users', { session: adminSession });
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    const [grace, alan] = await findBodyRows('Users', 2);
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expectTextsIn(grace, ['•••• 9012', '$1,250.50', 'Active']);
    expect(within(alan).getByText('Blocked')).toBeInTheDocument();
    expect(within(alan).getByRole('button', { name: 'Unblock Alan Turing' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 12 results')).toBeInTheDocument();
    expect(screen.getByText('New this month').nextSibling).toHaveTextContent('4');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'blocked');
    await user.type(screen.getByLabelText('Search'), 'grace{Enter}');
    await waitFor(() =>
      expect(callsTo('admin.users').at(-1)).toMatchObject({
        status: 'blocked',
        searchQuery: 'grace',
        page: 1,
        limit: 10,
      }),
    );
  });

  it('blocks and unblocks with docs/product.md’s toasts', async () => {
    serveUsers();
    mockProcedure('admin.setUserBlocked', (input) => {
      const blocked = input.blocked === true;
      return {
        message: blocked ? 'User blocked successfully' : 'User unblocked successfully',
        user: { id: input.id, isBlocked: blocked },
      };
    });
    const { user } = renderApp('/admin/users', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Block Grace Hopper' }));
    expect(await screen.findByText('User blocked successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock Alan Turing' }));
    expect(await screen.findByText('User unblocked successfully')).toBeInTheDocument();
    expect(callsTo('admin.setUserBlocked')).toEqual([
      { id: '0193a7c2-0000-7000-8000-0000000000a1', blocked: true },
      { id: '0193a7c2-0000-7000-8000-0000000000a2', blocked: false },
    ]);
  });

  it('asks before deleting, and shows why the bank refused', async () => {
    serveUsers();
    mockProcedure(
      'admin.deleteUser',
      failing(
        'CONFLICT',
        'This user cannot be deleted while their balance is $1,250.50: it must be $0.00 first',
      ),
    );
    const { user } = renderApp('/admin/users', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this user?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This user cannot be deleted while their balance is $1,250.50: it must be $0.00 first',
      ),
    ).toBeInTheDocument();
  });

  it('adds a user, checking the form first', async () => {
    serveUsers();
    mockProcedure('admin.createUser', (input) => ({
      message: 'User created successfully',
      user: makeListedUser({ ...input, id: '0193a7c2-0000-7000-8000-0000000000a3' }),
    }));
    const { user } = renderApp('/admin/users', { session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('First name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Phone number'), '5551234567');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'support');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(callsTo('admin.createUser')).toEqual([
      expect.objectContaining({ firstName: 'Ada', email: 'ada@example.com', role: 'support' }),
    ]);
  });
});
