import { e2eAdmin } from '../playwright.config.ts';
import { expect, expectNoAxeViolations, screenshots, signIn, test } from './fixtures.ts';
import { payerAndPayee, signedInApi } from './rest-api.ts';

// From the API review for integrators: the transfer screen names the recipient before 'Send Money', refuses a mistyped
// number of this bank, and asks before sending to another bank.

test('confirmation of payee on the transfer screen', async ({ page, request }) => {
  const { payer, payeeAccount } = await payerAndPayee(request, 'Quinn', 'Robin', 100);

  await signIn(page, payer.email, payer.password);
  await page.goto('/transfer');
  await page.getByLabel('Recipient name').fill('Robin Tester');
  await page.getByLabel('Recipient account number').fill(payeeAccount);
  await expect(page.getByText('Paying Robin T. at Horizon Bank')).toBeVisible();
  await expect(page.getByText('The name matches the account holder.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A different name: warned, with whose account it is.
  await page.getByLabel('Recipient name').fill('Sam Other');
  await expect(page.getByText('The name does not match: this account is Robin T.’s')).toBeVisible();

  // One digit mistyped: refused before anything is asked or sent.
  const last = Number(payeeAccount.slice(-1));
  const typo = `${payeeAccount.slice(0, -1)}${(last + 1) % 10}`;
  await page.getByLabel('Recipient account number').fill(typo);
  await page.getByLabel('Amount').fill('10');
  await expect(page.getByText('Invalid account number')).toBeVisible();
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(page).toHaveURL(/\/transfer$/);

  // Another bank's number, with its bank's routing number: sent only once confirmed.
  await page.getByLabel('Recipient account number').fill('987654321');
  await expect(page.getByText('Another bank’s account')).toBeVisible();
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(page.getByText('Confirm that you want to send money to another bank')).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByText('I have checked the account number: send this money to another bank')
    .click();
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('region', { name: 'Review your transfer' });
  await expect(review.getByText('021000021')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText('Transfer completed successfully')).toBeVisible();
});

test('the API reference at /api/docs asks nothing of another host', async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL ?? '').origin) {
      outside.push(req.url());
    }
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Horizon Bank API', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('lookup');
  await expect(page.getByRole('option', { name: /Check a recipient/ })).toBeVisible();
  expect(outside).toEqual([]);
  expect(violations).toEqual([]);
});

test('a closed customer’s account number takes no more money', async ({ page, request }) => {
  const { payer, token, payeeAccount, payeeId } = await payerAndPayee(request, 'Uma', 'Vic', 50);
  const admin = await signedInApi(request, e2eAdmin.email, e2eAdmin.password);
  const removed = await request.delete(`/api/v1/users/${payeeId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(removed.status()).toBe(200);

  await signIn(page, payer.email, payer.password);
  await page.goto('/transfer');
  await page.getByLabel('Recipient name').fill('Vic Tester');
  await page.getByLabel('Recipient account number').fill(payeeAccount);
  await expect(page.getByText('No Horizon Bank account has this number.')).toBeVisible();
  await page.getByLabel('Amount').fill('10');
  // Before the refusal's toast: axe reads a toast still fading in as low contrast.
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await expect(page.getByText('No Horizon Bank account has this number').first()).toBeVisible();
  await expect(page).toHaveURL(/\/transfer$/);
  await screenshots(page, 'payee', 'closed-account');
  const balance = await request.get('/api/v1/transactions/balance', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await balance.json()).toMatchObject({ balance: 50 });
});
