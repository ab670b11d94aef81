import {
  dashboardAccountNumber,
  signInToDashboard,
  submitDepositForm,
  submitTransferForm,
} from './customer.ts';
import { auditScreen, createCustomer, expect, test } from './fixtures.ts';

// Spending by category: a customer files a payment under Groceries on its page and sees the
// dashboard sum it there; the other side of the transfer keeps their own category.

test('a payment filed under Groceries counts there on the dashboard, for the payer alone', async ({
  page,
  browser,
  request,
}) => {
  // Two customers' sign-ins, a deposit, a transfer and two axe scans: a long journey.
  test.slow();
  const payer = await createCustomer(request, 'Gina');
  const payee = await createCustomer(request, 'Hugo');

  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  await signInToDashboard(payeePage, payee.email);
  const accountNumber = await dashboardAccountNumber(payeePage);
  expect(accountNumber).toMatch(/^\d{10,12}$/);

  await signInToDashboard(page, payer.email);
  await submitDepositForm(page, '500');
  await expect(page.getByText('Deposit completed successfully')).toBeVisible();
  await submitTransferForm(page, 'Hugo Tester', accountNumber, '64.20', 'Weekly shop');
  await expect(page.getByText('Transfer completed successfully')).toBeVisible();

  // Until filed, money sent reads Transfers.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  const spending = page.getByRole('region', { name: 'Spending by category' });
  const rows = spending.getByRole('list', { name: 'Spending by category' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Transfers');
  await expect(rows.first()).toContainText('$64.20');

  // File it under Groceries on its page.
  await page.goto('/transactions');
  await page.getByRole('link', { name: /Weekly shop/ }).click();
  await expect(page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  const transactionId = page.url().split('/').at(-1) ?? '';
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category).toHaveValue('transfers');
  await category.selectOption({ label: 'Groceries' });
  await expect(page.getByText('Category changed to Groceries')).toBeVisible();
  await expect(category).toHaveValue('groceries');
  await auditScreen(page, 'category', 'transaction-detail');

  // The dashboard sums it under Groceries now.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Groceries');
  await expect(rows.first()).toContainText('$64.20');
  await expect(rows.first()).toContainText('100% of this month');
  await expect(rows.first()).toContainText('Last month $0.00');
  await auditScreen(page, 'category', 'dashboard');

  // The payee's side keeps its own category.
  await payeePage.goto(`/transactions/${transactionId}`);
  await expect(payeePage.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await expect(payeePage.getByRole('combobox', { name: 'Category' })).toHaveValue('income');
  await payeeContext.close();
});
