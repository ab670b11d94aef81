import type { Page } from '@playwright/test';
import { expect, password, signIn } from './fixtures.ts';

// A customer's steps through the screens, shared by the journeys.

/** The dashboard's greeting: the customer's first screen. */
export const welcome = /Welcome, /;

/** Signs in and waits for the dashboard (the page a sign-in lands on). */
export async function signInToDashboard(page: Page, email: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: welcome })).toBeVisible();
}

/** Fills the Deposit form with the test card and `amount`, and sends it. */
export async function submitDepositForm(page: Page, amount: string) {
  await page.goto('/deposit');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Deposit Funds' }).click();
}

/** Fills the Transfer form to a customer of this bank, reviews it and sends it. */
export async function submitTransferForm(
  page: Page,
  name: string,
  accountNumber: string,
  amount: string,
  description: string,
) {
  await page.goto('/transfer');
  await page.getByLabel('Recipient name').fill(name);
  await page.getByLabel('Recipient account number').fill(accountNumber);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('button', { name: 'Send Money' }).click();
}

/** The account number the dashboard shows beside its copy button. */
export async function dashboardAccountNumber(page: Page): Promise<string> {
  const copy = page.getByRole('button', { name: 'Copy account number' });
  return (await copy.locator('xpath=preceding-sibling::*[1]').textContent()) ?? '';
}
