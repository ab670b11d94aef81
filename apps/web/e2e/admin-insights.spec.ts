import { readFileSync } from 'node:fs';
import { auditScreen, createCustomer, expect, signIn, signInAsAdmin, test } from './fixtures.ts';

test('an administrator reads the dashboard, the analytics and the security screen, and ends a session', async ({
  browser,
  page,
  request,
}) => {
  // Three screens with their screenshots in two themes and widths: past the default minute on a
  // busy machine.
  test.setTimeout(150_000);
  // A customer signed in on their own browser, and someone guessing a password from afar.
  const customer = await createCustomer(request, 'Nadia');
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer.email);
  const guess = await request.post('/api/v1/auth/login', {
    headers: { 'x-forwarded-for': '203.0.113.66' },
    data: { email: customer.email, password: 'Not#HerPassw0rd' },
  });
  expect(guess.status()).toBe(401);

  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  for (const label of [
    'Total Users',
    'Open Tickets',
    'Security Alerts',
    'Total Transactions',
    'Active Loans',
    'Monthly Revenue',
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.getByText(`Failed sign-in: ${customer.email}`).first()).toBeVisible();
  await auditScreen(page, 'admin', 'dashboard');

  // Analytics: this period's sign-up is drawn; the period is switched and downloaded.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-ups per day' })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync(await download.path(), 'utf8').split('\n');
  expect(csv[0]).toBe('metric,day,category,count,amount_usd');
  expect(csv.filter((line) => line.startsWith('sign_ups,'))).toHaveLength(7);
  await auditScreen(page, 'admin', 'analytics');

  // Security: the audit log filtered to the customer's sign-ins.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Sign-in' });
  await page.getByRole('searchbox', { name: 'User' }).fill(customer.email);
  await expect(page).toHaveURL(/event=auth\.login\.success/);
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText(customer.email);
  await auditScreen(page, 'admin', 'security-audit');

  await page.getByRole('tab', { name: 'Failed sign-ins' }).click();
  const failures = page.getByRole('table', { name: 'Failed sign-ins by address' });
  await expect(failures.getByRole('row').filter({ hasText: '203.0.113.66' })).toContainText(
    customer.email,
  );
  await auditScreen(page, 'admin', 'security-failures');

  // Open sessions: the customer's is ended; their next request finds them signed out.
  await page.getByRole('tab', { name: 'Open sessions' }).click();
  await expect(page.getByRole('table', { name: 'Open sessions' })).toBeVisible();
  await expect(page.getByText('This session')).toBeVisible();
  await auditScreen(page, 'admin', 'security-sessions');
  await page.getByRole('tabpanel').getByRole('searchbox', { name: 'User' }).fill(customer.email);
  const sessions = page.getByRole('table', { name: 'Open sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await sessions
    .getByRole('button', { name: new RegExp(`^End session of ${customer.email}`) })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('The session was signed out')).toBeVisible();
  await expect(page.getByText('No open sessions')).toBeVisible();

  await customerPage.reload();
  await expect(customerPage).toHaveURL(/\/login/);
  await customerContext.close();
});
