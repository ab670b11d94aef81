import type { Page } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { expect, expectNoAxeViolations, rowsOf, signInAsAdmin, test } from './fixtures.ts';

/** A tRPC mutation from inside the page, so the session cookie and same-origin headers go too. */
async function mutate(page: Page, path: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, input },
  );
}

async function checkBothWidths(page: Page) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  // The table scrolls inside its box: the page itself never gets wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an administrator monitors transactions, banks and the audit log', async ({ page }) => {
  // Three pages, each checked by axe at two widths: over a minute on a loaded two-core machine.
  test.setTimeout(150_000);
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();

  // Something to monitor: a linked bank and a deposit from it.
  await mutate(page, 'banks.create', {
    name: 'E2E Credit Union',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    accountType: 'checking',
  });
  await mutate(page, 'transactions.deposit', {
    amount: 250,
    method: 'bank',
    currency: 'USD',
    bankName: 'E2E Credit Union',
    bankAccountNumber: '000123456789',
    bankRoutingNumber: '021000021',
    idempotencyKey: `e2e-admin-${Date.now()}`,
  });

  await page.goto('/admin/transactions');
  await expect(page.getByRole('heading', { name: 'Transaction Monitoring' })).toBeVisible();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: '$250.00' }).first()).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ results/)).toBeVisible();
  await checkBothWidths(page);

  await page.goto('/admin/banks');
  await expect(page.getByRole('heading', { name: 'All Banks' })).toBeVisible();
  const bankRow = rowsOf(page, 'Linked banks', 'E2E Credit Union');
  await expect(bankRow).toContainText('****6789');
  await expect(bankRow).toContainText(e2eAdmin.email);
  await checkBothWidths(page);

  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  const ownSignIn = rowsOf(page, 'Audit log', 'Sign-in').filter({ hasText: e2eAdmin.email });
  await expect(ownSignIn.first()).toBeVisible();
  await checkBothWidths(page);
});
