import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  dashboardAccountNumber,
  signInToDashboard,
  submitDepositForm,
  submitTransferForm,
} from './customer.ts';
import { auditScreen, createCustomer, expect, test } from './fixtures.ts';

// A received transfer waits in the inbox after its toast has gone, and the month's
// statement downloads, and checks out as the bank's.

function bell(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

test('the inbox keeps a received transfer, and the month’s statement downloads and verifies', async ({
  page,
  browser,
  request,
}) => {
  const payer = await createCustomer(request, 'Paula');
  const payee = await createCustomer(request, 'Peter');

  // The payee reads their inbox in a browser of their own.
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  const socket = payeePage.waitForEvent('websocket');
  await signInToDashboard(payeePage, payee.email);
  await socket;
  const accountNumber = await dashboardAccountNumber(payeePage);
  expect(accountNumber).toMatch(/^\d{10,12}$/);
  await bell(payeePage).click();
  await expect(payeePage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(payeePage.getByText('New sign-in to your account')).toBeVisible();
  await payeePage.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(payeePage.getByText('You are all caught up.')).toBeVisible();
  await expect(bell(payeePage)).toHaveAccessibleName('Notifications');

  await signInToDashboard(page, payer.email);
  await submitDepositForm(page, '500');
  await expect(page.getByText('Deposit completed successfully')).toBeVisible();
  await submitTransferForm(page, 'Peter Tester', accountNumber, '42.10', 'Pizza night');
  await expect(page.getByText('Transfer completed successfully')).toBeVisible();

  // Live: the bell counts it and the open inbox lists it, without a reload.
  await expect(bell(payeePage)).toHaveAccessibleName('Notifications, 1 unread');
  const inbox = payeePage.getByRole('list', { name: 'Your notifications' });
  await expect(inbox.getByText('Received $42.10 from Paula Tester')).toBeVisible();
  await expect(inbox.getByText('Pizza night')).toBeVisible();
  await auditScreen(payeePage, 'statements', 'notifications');
  await inbox.getByRole('link', { name: 'Received $42.10 from Paula Tester' }).click();
  await expect(payeePage.getByRole('heading', { name: 'Pizza night' })).toBeVisible();
  await expect(bell(payeePage)).toHaveAccessibleName('Notifications');

  // The month's statement, to date.
  await payeePage.getByRole('navigation').getByRole('link', { name: 'Statements' }).first().click();
  await expect(payeePage.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  const table = payeePage.getByRole('table', { name: 'Statements by month' });
  await expect(table.getByText('To date')).toBeVisible();
  await expect(table.getByText('$42.10')).toBeVisible();
  const downloading = payeePage.waitForEvent('download');
  await table.getByRole('link', { name: /statement to date as PDF/ }).click();
  const download = await downloading;
  const path = 'test-results/screenshots/statements/statement.pdf';
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  await auditScreen(payeePage, 'statements', 'statements');

  // Whoever receives it can check it.
  await payeePage.getByLabel('Statement PDF').setInputFiles(path);
  await payeePage.getByRole('button', { name: 'Check statement' }).click();
  await expect(
    payeePage.getByText(/The bank issued this statement, and it is unchanged\./),
  ).toBeVisible();
  await payeeContext.close();
});
