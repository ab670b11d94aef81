import type { APIRequestContext } from '@playwright/test';
import { auditScreen, expect, signIn, test } from './fixtures.ts';
import { payerAndPayee, stepUpCode } from './rest-api.ts';

// Scheduled transfers: monthly rent to a saved payee, seen in the dashboard's "Upcoming", moved
// to today, paid by the runner (SCHEDULE_RUN_INTERVAL_MS is 1 s in playwright.config.ts), and
// found in the history.

/** A calendar day in the bank's time zone (America/New_York by default), `days` from today. */
function bankDay(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Alice with money, and her landlord saved as a payee (second factor from the mailbox). */
async function tenantWithLandlord(request: APIRequestContext) {
  const {
    payer: tenant,
    token,
    payeeAccount: accountNumber,
  } = await payerAndPayee(request, 'Tenant', 'Landlord', 3000);
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (await request.post('/api/v1/auth/step-up', { headers, data: { purpose: 'payee' } })).ok(),
  ).toBe(true);
  const code = await stepUpCode(request, tenant.email);
  const saved = await request.post('/api/v1/payees', {
    headers,
    data: { bank: 'internal', name: 'My Landlord', accountNumber, code },
  });
  expect(saved.status()).toBe(201);
  return tenant;
}

test('schedule monthly rent to a payee, see it upcoming, run and in the history', async ({
  page,
  request,
}) => {
  // Four pages in four looks each, axe scans, and a wait for the runner: a long journey.
  test.setTimeout(480_000);
  const tenant = await tenantWithLandlord(request);
  await signIn(page, tenant.email, tenant.password);

  // From the transfer screen: a payee chosen, "Schedule" carries it and the amount.
  await page.goto('/transfer');
  // The only payee: the option after "New recipient".
  await page.getByLabel('Pay to').selectOption({ index: 1 });
  await page.getByLabel('Amount').fill('850');
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Schedule a Transfer', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveValue('850');
  await page.getByLabel('Description').fill('Rent');
  await page.getByLabel('How often').selectOption('monthly');
  await page.getByLabel('First payment').fill(bankDay(3));
  await page.getByLabel('Ends').selectOption('after');
  await page.getByLabel('Number of payments').fill('12');
  await auditScreen(page, 'scheduled', 'schedule-form');
  await page.getByRole('button', { name: 'Schedule Transfer' }).click();
  await expect(page.getByText('Transfer scheduled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Landlord: $850.00', level: 1 })).toBeVisible();
  await expect(page.getByText('No payments yet')).toBeVisible();

  // Three days ahead: on the dashboard's "Upcoming", with what stays available after it.
  await page.goto('/');
  const upcoming = page.getByRole('list', { name: 'Upcoming payments' });
  // The dashboard loads its chart and every panel first: slow on a busy machine.
  await expect(upcoming.getByText('My Landlord')).toBeVisible({ timeout: 45_000 });
  await expect(upcoming.getByText('−$850.00')).toBeVisible();
  await expect(page.getByText('Available after these payments')).toBeVisible();
  await expect(page.getByText('$2,150.00').first()).toBeVisible();
  await auditScreen(page, 'scheduled', 'dashboard-upcoming');

  // The list, then the detail: moved to today, the runner pays it within its interval.
  await page.getByRole('link', { name: 'Scheduled transfers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled Transfers', level: 1 })).toBeVisible();
  await auditScreen(page, 'scheduled', 'list');
  await page.getByRole('link', { name: 'My Landlord' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit scheduled transfer' });
  await dialog.getByLabel('Next payment').fill(bankDay(0));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Scheduled transfer updated')).toBeVisible();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(async () => {
    await page.reload();
    await expect(payments.getByText('Paid')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await auditScreen(page, 'scheduled', 'detail');

  // An ordinary transfer in the history, reached from the occurrence.
  await payments.getByRole('link', { name: 'View transaction' }).click();
  await expect(page.getByText('Rent').first()).toBeVisible();
  await page.goto('/transactions');
  await expect(page.getByText('Rent').first()).toBeVisible();
  await expect(page.getByText('−$850.00').first()).toBeVisible();
});
