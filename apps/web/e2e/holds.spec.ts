import type { APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { createCustomer, expect, screenshots, signIn, signInAsAdmin, test } from './fixtures.ts';

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const { token }: { token: string } = await login.json();
  return { authorization: `Bearer ${token}` };
}

test('an administrator freezes debits and holds an amount; the customer sees it and is refused; the freeze is lifted', async ({
  browser,
  page,
  request,
}) => {
  // Two people's sign-ins and eight screenshots of each screen: longer than the default minute.
  test.setTimeout(150_000);
  // A customer with money, and someone to pay.
  const customer = await createCustomer(request, 'Frida');
  const payee = await createCustomer(request, 'Paolo');
  const customerHeaders = await tokenOf(request, customer.email, customer.password);
  const deposited = await request.post('/api/v1/transactions/deposit', {
    headers: customerHeaders,
    data: {
      amount: 200,
      method: 'card',
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    },
  });
  expect(deposited.ok()).toBe(true);
  const payeeBalance = await request.get('/api/v1/transactions/balance', {
    headers: await tokenOf(request, payee.email, payee.password),
  });
  const { accountNumber: payeeNumber }: { accountNumber: string } = await payeeBalance.json();
  const adminHeaders = await tokenOf(request, e2eAdmin.email, e2eAdmin.password);
  const found = await request.get(
    `/api/v1/users?searchQuery=${encodeURIComponent(customer.email)}`,
    { headers: adminHeaders },
  );
  const { data }: { data: Array<{ id: string; accountNumber: string }> } = await found.json();
  const target = data[0];
  if (!target) throw new Error('customer not found in the directory');

  // The administrator opens the user page, holds $50.00 and freezes debits.
  await signInAsAdmin(page);
  await page.goto(`/admin/users/${target.id}`);
  const holdForm = page.getByRole('form', { name: `Hold an amount on ${target.accountNumber}` });
  await holdForm.getByLabel('Amount (USD)').fill('50');
  await holdForm.getByLabel('Hold reason').fill('Disputed deposit');
  await holdForm.getByLabel('Until').fill('2099-12-02');
  await holdForm.getByRole('button', { name: 'Place hold' }).click();
  await expect(page.getByText('Hold placed', { exact: true })).toBeVisible();
  const freezeForm = page.getByRole('form', { name: `Freeze account ${target.accountNumber}` });
  await freezeForm.getByLabel('Freeze').selectOption('debits');
  await freezeForm.getByLabel('Reason').fill('Suspected fraud under review');
  await freezeForm.getByRole('button', { name: 'Freeze account' }).click();
  await expect(page.getByRole('button', { name: 'Lift freeze' })).toBeVisible();
  await expect(page.getByText('Reason: Suspected fraud under review')).toBeVisible();
  await screenshots(page, 'i24-holds', 'admin-user-page');

  // The customer still signs in, sees the banner and the hold, and a transfer is refused.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer.email, customer.password);
  await customerPage.goto('/');
  const banner = customerPage.getByRole('alert').filter({ hasText: 'This account is frozen' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Payments out of your account are stopped')).toBeVisible();
  await expect(customerPage.getByText('$50.00 on hold until Dec 2')).toBeVisible();
  await expect(customerPage.getByText('$150.00 available to spend')).toBeVisible();
  await screenshots(customerPage, 'i24-holds', 'customer-dashboard');
  await customerPage.goto('/transfer');
  await customerPage.getByLabel('Recipient name').fill('Paolo Tester');
  await customerPage.getByLabel('Recipient account number').fill(payeeNumber);
  await customerPage.getByLabel('Amount').fill('10');
  await customerPage.getByRole('button', { name: 'Review transfer' }).click();
  await customerPage.getByRole('button', { name: 'Send Money' }).click();
  await expect(
    customerPage.getByText('This account is frozen. Please contact support.').first(),
  ).toBeVisible();

  // The administrator lifts the freeze: the banner goes (live), and money leaves again.
  await page.getByRole('button', { name: 'Lift freeze' }).click();
  await expect(page.getByText('Freeze lifted', { exact: true })).toBeVisible();
  await customerPage.goto('/');
  await expect(customerPage.getByText('This account is frozen')).toHaveCount(0);
  const sent = await request.post('/api/v1/transactions/transfer', {
    headers: customerHeaders,
    data: { recipientAccountNumber: payeeNumber, amount: 10 },
  });
  expect(sent.status()).toBe(201);
  await customerContext.close();
});
