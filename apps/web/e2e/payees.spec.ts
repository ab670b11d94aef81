import { auditScreen, axe, expect, screenshots, signIn, test } from './fixtures.ts';
import { payerAndPayee, stepUpCode } from './rest-api.ts';

// A payee saved with the second factor (the code from the development mailbox), then
// paid from the transfer screen.

test('save a payee with the second factor and send money to it', async ({ page, request }) => {
  const { payer, payeeAccount } = await payerAndPayee(request, 'Morgan', 'Robin', 2000);

  await signIn(page, payer.email, payer.password);
  await page.goto('/payees');
  await expect(page.getByText(/No payees yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Add payee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payee' });
  await dialog.getByLabel('Payee name').fill('Robin Tester');
  await dialog.getByLabel('Account number').fill(payeeAccount);
  await dialog.getByLabel('Daily limit (optional)').fill('500');
  // The page behind a modal is hidden from assistive technology: axe judges the dialog.
  const dialogScan = await axe(page).include('[role="dialog"]').analyze();
  expect(dialogScan.violations.map((v) => v.id)).toEqual([]);
  await screenshots(page, 'payees', 'add-payee-details');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(/We sent a 6-digit code/)).toBeVisible();
  await dialog.getByLabel('Confirmation code').fill(await stepUpCode(request, payer.email));
  await screenshots(page, 'payees', 'add-payee-code');
  await dialog.getByRole('button', { name: 'Save payee' }).click();
  await expect(
    page.getByText('Payee added: Robin Tester. The name matches the account holder (Robin T.).'),
  ).toBeVisible();
  const tile = page.getByRole('list', { name: 'Payees' }).getByRole('listitem');
  await expect(tile.getByText('Name matches')).toBeVisible();
  await expect(tile.getByText('Holder: Robin T.')).toBeVisible();
  await auditScreen(page, 'payees', 'payees');

  await tile.getByRole('link', { name: 'Pay Robin Tester' }).click();
  await expect(page).toHaveURL(/\/transfer\?payee=/);
  await expect(page.getByText('Name matched when saved: Robin T.')).toBeVisible();
  await expect(page.getByLabel('Recipient account number')).toHaveCount(0);
  await page.getByLabel('Amount').fill('600');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(
    page.getByText('Payee daily limit exceeded: the limit for this payee is $500.00 a day'),
  ).toBeVisible();
  await page.getByLabel('Amount').fill('120');
  await page.getByLabel('Description').fill('Concert tickets');
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page).toHaveURL(/\/transactions/);
  await expect(page.getByText('Concert tickets').first()).toBeVisible();
});
