import {
  auditScreen,
  createCustomer,
  expect,
  rowsOf,
  signIn,
  signInAsAdmin,
  test,
} from './fixtures.ts';
import { field, payBetween } from './page-trpc.ts';
import { appoint, userIdOf } from './staff.ts';

test('a customer disputes a payment: support credits provisionally, two admins reverse it, the customer sees it all', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  // A context of its own for each person (axe scans need one).
  const fresh = async () => (await browser.newContext()).newPage();
  const alice = await createCustomer(request, 'Alice');
  const bob = await createCustomer(request, 'Bobby');
  const agent = await createCustomer(request, 'Sam');
  const checker = await createCustomer(request, 'Checker');

  const admin = await fresh();
  await signInAsAdmin(admin);
  await appoint(admin, agent.email, 'support');
  await appoint(admin, checker.email, 'admin');

  // Alice pays Bob $1,500, above the bank's $1,000 four-eyes amount for reversals.
  const alicePage = await fresh();
  const paid = await payBetween(
    { ...alice, page: alicePage },
    { ...bob, page: await fresh() },
    1_500,
    'Concert tickets',
  );
  const paymentId = String(field(field(paid, 'transaction'), 'id'));

  // Alice reports it from the payment's page: she did not make it.
  await alicePage.goto(`/transactions/${paymentId}`);
  await alicePage.getByRole('button', { name: 'Report a problem' }).click({ timeout: 30_000 });
  const form = alicePage.getByRole('form', { name: 'Report a problem' });
  await form.getByLabel(/What went wrong/).selectOption('unauthorised');
  await form.getByLabel(/Tell us more/).fill('I never bought concert tickets from Bobby.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(alicePage.getByText(/We received your report/)).toBeVisible();
  await expect(alicePage.getByRole('heading', { name: 'Secure your account now' })).toBeVisible();
  await auditScreen(alicePage, 'disputes', 'report-problem');

  // Support credits her provisionally from the queue.
  const agentPage = await fresh();
  await signIn(agentPage, agent.email, agent.password);
  await agentPage.goto('/admin/disputes');
  const queue = agentPage.getByRole('table', { name: 'Open disputes' });
  await expect(queue).toBeVisible({ timeout: 30_000 });
  const row = queue.getByRole('row').filter({ hasText: 'Concert tickets' });
  await expect(row.getByText('Credit by')).toBeVisible();
  await auditScreen(agentPage, 'disputes', 'queue');
  await row.getByRole('button', { name: 'Credit provisionally' }).click();
  const credit = agentPage.getByRole('dialog', { name: 'Credit provisionally' });
  await credit.getByRole('button', { name: 'Credit provisionally' }).click();
  await expect(agentPage.getByText('Dispute updated')).toBeVisible();
  await expect(row.getByText('$1,500.00 credited')).toBeVisible();

  // The first administrator asks for the reversal of the payment; a second approves it.
  await admin.goto('/admin/transactions');
  const monitoring = admin.getByRole('table', { name: 'Transactions' });
  await expect(monitoring).toBeVisible({ timeout: 30_000 });
  // The payment itself (the provisional credit is listed too, and is not reversed here).
  await monitoring.getByRole('button', { name: 'Reverse Concert tickets', exact: true }).click();
  const reverse = admin.getByRole('dialog', { name: 'Reverse transaction' });
  await reverse.getByLabel(/Reason/).fill('Unauthorised payment confirmed by the disputes team');
  await reverse.getByRole('button', { name: 'Reverse' }).click();
  await expect(admin.getByText('Sent for a second approval')).toBeVisible();

  const checkerPage = await fresh();
  await signIn(checkerPage, checker.email, checker.password);
  await checkerPage.goto('/admin/approvals');
  const waiting = rowsOf(checkerPage, 'Approval requests', 'Concert tickets');
  await waiting.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
  await checkerPage
    .getByRole('alertdialog', { name: 'Approve request' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(checkerPage.getByText('Request approved')).toBeVisible();

  // Support resolves the dispute: the reversal replaced the provisional credit.
  await agentPage.reload();
  await queue
    .getByRole('row')
    .filter({ hasText: 'Concert tickets' })
    .getByRole('button', { name: 'Resolve', exact: true })
    .click({ timeout: 30_000 });
  const resolve = agentPage.getByRole('dialog', { name: 'Resolve for the customer' });
  await resolve.getByLabel(/Note/).fill('The payment was reversed.');
  await resolve.getByRole('button', { name: 'Resolve for the customer' }).click();
  await expect(agentPage.getByText('Dispute updated')).toBeVisible();

  // The admin user page shows the dispute, the reversal and the approval.
  await admin.goto(`/admin/users/${await userIdOf(admin, alice.email)}`);
  const cases = admin.getByRole('region', { name: 'Reversals, disputes and approvals' });
  await expect(cases.getByText('Resolved in your favour')).toBeVisible({ timeout: 30_000 });
  await expect(cases.getByText(/Reversal: Concert tickets/)).toBeVisible();
  await expect(cases.getByText(/Reverse \$1,500\.00/)).toBeVisible();

  // Alice sees all of it: her dispute, the credit and its withdrawal, the reversal, her money.
  await alicePage.goto('/disputes');
  const mine = alicePage.getByRole('listitem', { name: 'Dispute of Concert tickets' });
  await expect(mine.getByText('Resolved in your favour')).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByText('$1,500.00 credited provisionally, since taken back')).toBeVisible();
  await auditScreen(alicePage, 'disputes', 'my-disputes');
  await alicePage.goto(`/transactions/${paymentId}`);
  await expect(alicePage.getByText('$1,500.00 of $1,500.00 reversed')).toBeVisible();
  await alicePage.goto('/notifications');
  await expect(alicePage.getByText('Your dispute was resolved in your favour')).toBeVisible();
  await expect(alicePage.getByText('Provisional credit while we investigate')).toBeVisible();
  await alicePage.goto('/');
  await expect(alicePage.getByText('$2,000.00').first()).toBeVisible();
});
