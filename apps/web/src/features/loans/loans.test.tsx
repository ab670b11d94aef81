import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLinkTo, expectTextsIn } from '../../testing/assertions.ts';
import { signedInAs } from '../../testing/fixtures.ts';
import { loanTypesAnswer, makeLoan, makeLoanDetail } from '../../testing/loan-fixtures.ts';
import { makeBalance, makeTransaction } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, failing, mockProcedures, TrpcMockError } from '../../testing/trpc-msw.ts';

const page = (data: ReturnType<typeof makeLoan>[]) => ({
  data,
  page: 1,
  limit: 10,
  total: data.length,
  hasMore: false,
});

describe('My Loans', () => {
  it('shows the three product tiles and each loan with its figures', async () => {
    mockProcedures({
      'loans.types': () => loanTypesAnswer,
      'loans.list': () => page([makeLoan()]),
    });
    renderApp('/loans', { session: signedInAs() });
    const products = await screen.findByRole('list', { name: 'Loan products' });
    expect(await within(products).findByText('$1,000 to $50,000')).toBeInTheDocument();
    expect(within(products).getByText('120 to 360 months')).toBeInTheDocument();
    expect(within(products).getAllByRole('listitem')).toHaveLength(3);
    const mortgage = within(products).getByRole('link', { name: 'Apply for a mortgage' });
    expect(mortgage).toHaveAttribute('href', '/loans/apply?type=mortgage');
    const loans = await screen.findByRole('list', { name: 'Your loans' });
    const item = within(loans).getByRole('link');
    expect(item).toHaveAttribute('href', `/loans/${makeLoan().id}`);
    expectTextsIn(item, [
      'Personal loan',
      'Pending',
      '$10,000.00',
      'Applied Nov 2, 2026',
      '12 months',
      '12.5%',
      '$890.83',
    ]);
  });

  it('says No loans and offers the first application', async () => {
    mockProcedures({ 'loans.types': () => loanTypesAnswer, 'loans.list': () => page([]) });
    renderApp('/loans', { session: signedInAs() });
    expect(await screen.findByText('No loans')).toBeInTheDocument();
    expectLinkTo('Apply for your first loan', '/loans/apply');
  });

  it('replaces the page with the error when the list fails', async () => {
    mockProcedures({
      'loans.types': () => loanTypesAnswer,
      'loans.list': failing(
        'INTERNAL_SERVER_ERROR',
        'An unexpected error occurred. Please try again later.',
      ),
    });
    renderApp('/loans', { session: signedInAs() });
    expect(
      await screen.findByText('An unexpected error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Loans' })).not.toBeInTheDocument();
  });
});

describe('Apply for Loan', () => {
  it('shows the messages once fields are touched, and the estimate live', async () => {
    mockProcedures({
      'loans.types': () => loanTypesAnswer,
      'loans.calculate': () => ({
        type: 'personal',
        amount: 10_000,
        term: 12,
        interestRate: 12.5,
        monthlyPayment: 890.83,
        totalInterest: 689.93,
        totalPayable: 10_689.93,
        schedule: [],
      }),
    });
    const { user } = renderApp('/loans/apply?type=personal', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Apply for Loan' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Loan type/)).toHaveValue('personal');
    // Untouched: no messages yet.
    expect(screen.queryByText('Amount is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    for (const message of [
      'Amount is required',
      'Term is required',
      'Purpose is required',
      'Employment status is required',
      'Monthly income is required',
      'Collateral type is required',
      'Collateral value is required',
      'Collateral description is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Amount/), '10000');
    await user.type(screen.getByLabelText(/Term/), '12');
    expect(await screen.findByText('$890.83')).toBeInTheDocument();
    expect(screen.getByText('$10,689.93')).toBeInTheDocument();
    expect(callsTo('loans.calculate').at(-1)).toEqual({
      type: 'personal',
      amount: 10_000,
      term: 12,
    });
    expect(callsTo('loans.create')).toEqual([]);
  });

  it('submits every field with tenure from the term, and lands on My Loans with the message', async () => {
    mockProcedures({
      'loans.types': () => loanTypesAnswer,
      'loans.calculate': failing('BAD_REQUEST', 'Validation error', {
        details: [
          {
            field: 'amount',
            message: 'Amount must be between $10,000.00 and $500,000.00 for a business loan',
          },
        ],
      }),
      'loans.create': () => ({
        message: 'Loan application submitted successfully',
        loan: makeLoan(),
      }),
      'loans.list': () => page([makeLoan()]),
    });
    const { user, router } = renderApp('/loans/apply', { session: signedInAs() });
    await user.selectOptions(await screen.findByLabelText(/Loan type/), 'business');
    await user.type(screen.getByLabelText(/^Amount/), '5000');
    await user.type(screen.getByLabelText(/Term/), '24');
    expect(
      await screen.findByText(
        'Amount must be between $10,000.00 and $500,000.00 for a business loan',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Purpose/), 'New oven');
    await user.selectOptions(screen.getByLabelText(/Employment status/), 'business-owner');
    await user.type(screen.getByLabelText(/Monthly income/), '8000');
    await user.click(screen.getByRole('checkbox', { name: 'I have other loans at the moment' }));
    await user.selectOptions(screen.getByLabelText(/Collateral type/), 'real-estate');
    await user.type(screen.getByLabelText(/Collateral value/), '250000');
    await user.type(screen.getByLabelText(/Collateral description/), 'The shop');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loans'));
    expect(await screen.findByText('Loan application submitted successfully')).toBeInTheDocument();
    expect(callsTo('loans.create')).toEqual([
      {
        type: 'business',
        amount: 5000,
        term: 24,
        purpose: 'New oven',
        employmentStatus: 'business-owner',
        monthlyIncome: 8000,
        existingLoans: true,
        collateral: { type: 'real-estate', value: 250_000, description: 'The shop' },
        tenure: { months: 24 },
      },
    ]);
  });
});

describe('Loan Details', () => {
  it('shows the information, the schedule once approved, and pays the next instalment', async () => {
    const loan = makeLoanDetail();
    mockProcedures({
      'loans.byId': () => loan,
      'loans.repay': () => ({
        message: 'Payment completed successfully',
        transaction: makeTransaction({ type: 'loan_repayment' }),
        newBalance: 100,
        loanId: loan.id,
        loanStatus: 'approved',
        outstanding: 3_441.01,
      }),
      'transactions.balance': () => makeBalance({ balance: 100 }),
    });
    const { user } = renderApp(`/loans/${loan.id}`, { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Loan Details' })).toBeInTheDocument();
    expectLinkTo(/Back to loans/, '/loans');
    expect(screen.getByText(loan.id)).toBeInTheDocument();
    expect(screen.getByText('Kitchen renovation')).toBeInTheDocument();
    const schedule = screen.getByRole('table', { name: 'Payment Schedule' });
    for (const header of ['Due Date', 'Payment', 'Principal', 'Interest', 'Balance']) {
      expect(within(schedule).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(schedule).getAllByRole('row')).toHaveLength(4);
    expect(within(schedule).getByText('Paid')).toBeInTheDocument();
    // No blank status: the first unpaid instalment is next, the others upcoming.
    expect(within(schedule).getByText('Next due')).toBeInTheDocument();
    expect(within(schedule).getAllByText(/^(Paid|Overdue|Next due|Upcoming)$/)).toHaveLength(3);
    // A phone scrolls the table sideways: its scroller takes keyboard focus.
    expect(
      screen.getByRole('group', { name: 'Payment Schedule, scrolls sideways' }),
    ).toHaveAttribute('tabindex', '0');
    await user.click(screen.getByRole('button', { name: 'Pay instalment' }));
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment completed successfully')).toBeInTheDocument();
    expect(callsTo('loans.repay')).toEqual([
      {
        id: loan.id,
        mode: 'instalment',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      },
    ]);
  });

  it('shows no schedule while pending, a rejection’s reason, and Loan not found', async () => {
    mockProcedures({
      'loans.byId': (input) => {
        const { id } = input as { id: string };
        if (id.endsWith('2'))
          return {
            ...makeLoanDetail(),
            status: 'pending',
            paymentSchedule: [],
            nextPayment: null,
            payoffAmount: null,
          };
        if (id.endsWith('3'))
          return {
            ...makeLoanDetail(),
            status: 'rejected',
            rejectionReason: 'Income too low',
            paymentSchedule: [],
            nextPayment: null,
            payoffAmount: null,
          };
        throw new TrpcMockError('NOT_FOUND', 'Loan not found');
      },
    });
    const pending = renderApp('/loans/0193a7c2-0000-7000-8000-000000000002', {
      session: signedInAs(),
    });
    expect(await screen.findByRole('button', { name: 'Cancel application' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payment Schedule' })).not.toBeInTheDocument();
    pending.unmount();
    const rejected = renderApp('/loans/0193a7c2-0000-7000-8000-000000000003', {
      session: signedInAs(),
    });
    expect(await screen.findByText('Income too low')).toBeInTheDocument();
    rejected.unmount();
    renderApp('/loans/0193a7c2-0000-7000-8000-000000000009', { session: signedInAs() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loan not found' }),
    ).toBeInTheDocument();
  });
});
