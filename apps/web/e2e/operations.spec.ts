import { createCustomer, expect, rowsOf, signIn, signInAsAdmin, test } from './fixtures.ts';
import { payBetween } from './page-trpc.ts';
import { appoint } from './staff.ts';

test('a payment reversed above the four-eyes amount: one admin asks, a second approves, the customer sees it', async ({
  browser,
  request,
}) => {
  // Four people's pages, one after another: longer than one journey's default minute.
  test.setTimeout(240_000);
  const alice = await createCustomer(request, 'Alice');
  const bob = await createCustomer(request, 'Bobby');
  const checker = await createCustomer(request, 'Checker');

  // Bob's account number, then Alice pays him $1,500 (more than the $1,000 four-eyes amount).
  const alicePage = await browser.newPage();
  const paid = await payBetween(
    { ...alice, page: alicePage },
    { ...bob, page: await browser.newPage() },
    1_500,
    'Paid by mistake',
  );
  if (typeof paid !== 'object' || paid === null || !('transaction' in paid))
    throw new Error('no payment');

  // The first administrator asks for the reversal from Transaction Monitoring.
  const maker = await browser.newPage();
  await signInAsAdmin(maker);
  // A second administrator (the bank makes one of a customer for this journey).
  await appoint(maker, checker.email, 'admin');

  await maker.goto('/admin/transactions');
  await expect(maker.getByRole('table', { name: 'Transactions' })).toBeVisible({ timeout: 30_000 });
  const row = rowsOf(maker, 'Transactions', '$1,500.00').first();
  await row.getByRole('button', { name: 'Reverse Paid by mistake' }).click();
  const dialog = maker.getByRole('dialog', { name: 'Reverse transaction' });
  await dialog.getByLabel(/Reason/).fill('Customer reported a mistaken payment');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(maker.getByText('Sent for a second approval')).toBeVisible();

  // The maker cannot approve their own request.
  await maker.goto('/admin/approvals');
  // A busy machine may take a while to boot the page after a full load.
  await expect(maker.getByRole('heading', { name: 'Approvals' })).toBeVisible({ timeout: 30_000 });
  const mine = rowsOf(maker, 'Approval requests', 'Paid by mistake');
  await expect(mine.getByText('Waiting for another administrator')).toBeVisible();

  // The second administrator approves it.
  const checkerPage = await browser.newPage();
  await signIn(checkerPage, checker.email, checker.password);
  await checkerPage.goto('/admin/approvals');
  await expect(checkerPage.getByRole('heading', { name: 'Approvals' })).toBeVisible({
    timeout: 30_000,
  });
  const waiting = rowsOf(checkerPage, 'Approval requests', 'Paid by mistake');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await checkerPage
    .getByRole('alertdialog', { name: 'Approve request' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(checkerPage.getByText('Request approved')).toBeVisible();

  // Alice sees her payment reversed, and the reversal saying what it reverses.
  await alicePage.goto(
    `/transactions/${String(paid.transaction && typeof paid.transaction === 'object' && 'id' in paid.transaction ? paid.transaction.id : '')}`,
  );
  await expect(alicePage.getByText('Reversed by')).toBeVisible();
  await expect(alicePage.getByText('$1,500.00 of $1,500.00 reversed')).toBeVisible();
  await alicePage.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).click();
  await expect(alicePage.getByRole('heading', { name: 'Reversal: Paid by mistake' })).toBeVisible();
  await expect(alicePage.getByText('Reverses')).toBeVisible();
  await alicePage.goto('/');
  await expect(alicePage.getByText('$2,000.00').first()).toBeVisible();
});
