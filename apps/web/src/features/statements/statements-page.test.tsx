import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTextsIn } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedure, mockProcedures } from '../../testing/trpc-msw.ts';
import { retype } from '../../testing/user-actions.ts';

const statements = {
  data: [
    {
      period: '2026-04',
      accountNumber: '412345678085',
      openingBalance: 7842.02,
      closingBalance: 7854.36,
      provisional: true,
    },
    {
      period: '2026-03',
      accountNumber: '412345678085',
      openingBalance: 0,
      closingBalance: 7842.02,
      provisional: false,
    },
  ],
};

describe('statements', () => {
  it('lists each month with its balances and its PDF, CSV and JSON downloads', async () => {
    mockProcedure('statements.list', () => statements);
    renderApp('/statements', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { name: 'Statements', level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Statements by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const march = rows[2];
    if (!march) throw new Error('no March row');
    expectTextsIn(march, ['Mar 2026', '$7,842.02', '••8085']);
    expect(
      within(march).getByRole('link', { name: 'March 2026 statement as PDF' }),
    ).toHaveAttribute('href', '/api/v1/statements/2026-03?format=pdf&account=412345678085');
    expect(
      within(march).getByRole('link', { name: 'March 2026 statement as CSV' }),
    ).toHaveAttribute('href', '/api/v1/statements/2026-03?format=csv&account=412345678085');
    const april = rows[1];
    if (!april) throw new Error('no April row');
    expect(within(april).getByText('To date')).toBeInTheDocument();
    expect(
      within(april).getByRole('link', { name: 'April 2026 statement to date as JSON' }),
    ).toHaveAttribute('href', '/api/v1/statements/2026-04?format=json&account=412345678085');
  });

  it('builds a statement for any dates once they are in order', async () => {
    mockProcedure('statements.list', () => statements);
    const { user } = renderApp('/statements', { session: signedInAs() });
    await screen.findByRole('table', { name: 'Statements by month' });
    expect(screen.getByRole('button', { name: /Download statement/ })).toBeDisabled();
    await user.type(screen.getByLabelText(/^From/), '2026-03-10');
    await user.type(screen.getByLabelText(/^To/), '2026-03-01');
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    await retype(user, /^To/, '2026-03-31');
    await user.selectOptions(screen.getByLabelText('Format'), 'csv');
    expect(await screen.findByRole('link', { name: /Download statement/ })).toHaveAttribute(
      'href',
      '/api/v1/statements/range?from=2026-03-10&to=2026-03-31&format=csv',
    );
  });

  it('checks a statement by its digest', async () => {
    mockProcedures({
      'statements.list': () => statements,
      'statements.verify': (input) =>
        'digest' in input && input.digest === 'a'.repeat(64)
          ? {
              valid: true,
              message: 'The bank issued this statement, and it is unchanged.',
              statement: {
                period: '2026-03',
                from: '2026-03-01',
                to: '2026-03-31',
                provisional: false,
                accountEnding: '8085',
                digest: 'a'.repeat(64),
                issuedAt: '2026-04-01T04:00:00.000Z',
              },
            }
          : {
              valid: false,
              message: 'This statement was not issued by the bank, or it was changed after issue.',
            },
    });
    const { user } = renderApp('/statements', { session: signedInAs() });
    await screen.findByRole('table', { name: 'Statements by month' });
    await user.click(screen.getByRole('button', { name: 'Check statement' }));
    expect(
      await screen.findByText('Choose a statement PDF or enter its digest'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Or its digest'), 'a'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Check statement' }));
    expect(
      await screen.findByText(
        /The bank issued this statement, and it is unchanged\. Mar 2026, account ending 8085\./,
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Or its digest'));
    await user.type(screen.getByLabelText('Or its digest'), 'b'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Check statement' }));
    expect(
      await screen.findByText(
        'This statement was not issued by the bank, or it was changed after issue.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('statements.verify')).toEqual([
      { digest: 'a'.repeat(64) },
      { digest: 'b'.repeat(64) },
    ]);
  });

  it('says when the statements cannot be loaded', async () => {
    mockProcedure('statements.list', failing('INTERNAL_SERVER_ERROR', 'boom'));
    renderApp('/statements', { session: signedInAs() });
    // A 5xx is retried once before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error loading statements');
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try again later.');
  });
});
