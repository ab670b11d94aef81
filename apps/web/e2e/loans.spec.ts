import type { Page } from '@playwright/test';
import { auditScreen, expect, rowsOf, signInAsAdmin, signInNewCustomer, test } from './fixtures.ts';

async function fillApplication(page: Page, amount: string, term: string) {
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel(/Term/).fill(term);
  await page.getByLabel(/Purpose/).fill('A new roof');
  await page.getByLabel(/Employment status/).selectOption('employed');
  await page.getByLabel(/Monthly income/).fill('6000');
  await page.getByLabel(/Collateral type/).selectOption('real-estate');
  await page.getByLabel(/Collateral value/).fill('300000');
  await page.getByLabel(/Collateral description/).fill('Our house');
}

test('a customer applies, an administrator approves, the customer sees the money and pays', async ({
  browser,
  page,
  request,
}) => {
  // Two people, an application, a decision, a payment, and screenshots at two widths and themes.
  test.setTimeout(150_000);
  const customer = await signInNewCustomer(page, request, 'Lena');
  await page.goto('/loans');
  await expect(page.getByRole('heading', { name: 'My Loans' })).toBeVisible();
  await expect(page.getByText('No loans')).toBeVisible();
  await auditScreen(page, 'loans', 'my-loans-empty');

  // From the personal tile: the type is chosen, the estimate follows the typing.
  await page.getByRole('link', { name: 'Apply for a personal loan' }).click();
  await expect(page).toHaveURL(/\/loans\/apply\?type=personal/);
  await expect(page.getByLabel(/Loan type/)).toHaveValue('personal');
  await fillApplication(page, '10000', '12');
  const estimate = page.getByRole('complementary', { name: 'Your estimate' });
  await expect(estimate).toContainText('$890.83');
  await expect(estimate).toContainText('$10,689.93');
  await auditScreen(page, 'loans', 'apply');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/loans$/);
  await expect(page.getByText('Loan application submitted successfully')).toBeVisible();
  const item = page.getByRole('list', { name: 'Your loans' }).getByRole('link').first();
  await expect(item).toContainText('Pending');

  // An administrator, in a browser of their own, approves it.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await signInAsAdmin(officer);
  await officer.goto('/admin/loans?status=pending');
  await expect(officer.getByRole('heading', { name: 'Loan Management' })).toBeVisible();
  const row = rowsOf(officer, 'Loans', customer.email);
  await expect(row).toContainText('$10,000.00');
  await auditScreen(officer, 'loans', 'admin-loans');
  await row.getByRole('button', { name: 'Approve' }).click();
  await officer.getByRole('button', { name: 'Approve and disburse' }).click();
  await expect(officer.getByText('Loan approved and disbursed')).toBeVisible();

  // The customer hears of it live, sees the money and the schedule.
  await expect(page.getByText('Your loan application was approved')).toBeVisible();
  await item.click();
  await expect(page.getByRole('heading', { name: 'Loan Details' })).toBeVisible();
  const schedule = page.getByRole('table', { name: 'Payment Schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(13);
  await expect(page.getByText('Instalment 1 of 12', { exact: false })).toBeVisible();
  await auditScreen(page, 'loans', 'loan-details');
  await page.getByRole('button', { name: 'Pay instalment' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment completed successfully')).toBeVisible();
  await expect(schedule.getByRole('row').nth(1)).toContainText('Paid');
  await expect(page.getByText('Instalment 2 of 12', { exact: false })).toBeVisible();

  await page.goto('/transactions');
  await expect(page.getByText('Personal Loan disbursement')).toBeVisible();
  await expect(page.getByText('Personal Loan instalment 1 of 12')).toBeVisible();

  // A second application, rejected with a reason the customer reads.
  await page.goto('/loans/apply?type=business');
  await fillApplication(page, '20000', '24');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Loan application submitted successfully')).toBeVisible();
  await officer.reload();
  const second = rowsOf(officer, 'Loans', customer.email).filter({ hasText: '$20,000.00' });
  await second.getByRole('button', { name: 'Reject' }).click();
  await officer
    .getByLabel(/Reason for the customer/)
    .fill('We need two years of business accounts');
  await officer.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(
    page.getByText(/Your loan application was rejected: We need two years/),
  ).toBeVisible();
  await page.goto('/loans');
  await page
    .getByRole('list', { name: 'Your loans' })
    .getByRole('link')
    .filter({ hasText: 'Rejected' })
    .click();
  await expect(page.getByText('We need two years of business accounts')).toBeVisible();
  await officerContext.close();
});
