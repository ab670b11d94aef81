import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInToDashboard, submitDepositForm, welcome } from './customer.ts';
import {
  closeNotifications,
  createCustomer,
  expect,
  expectNoAxeViolations,
  screenshots,
  test,
} from './fixtures.ts';

// The detail page copies its reference; the test reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

// The server lets one address register ten customers an hour, and the auth journeys use seven:
// these journeys share one customer (in order) and the live transfer uses two more.
test.describe.configure({ mode: 'serial' });

let shared: Promise<{ email: string }> | undefined;
function sharedCustomer(request: APIRequestContext) {
  shared ??= createCustomer(request, 'Dana');
  return shared;
}

/** The dashboard through the header's logo link, as a customer gets there. */
async function openDashboard(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Horizon Bank' }).click();
  await expect(page.getByRole('heading', { name: welcome })).toBeVisible();
}

async function depositByCard(page: Page, amount: string) {
  await submitDepositForm(page, amount);
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText('Deposit completed successfully')).toBeVisible();
}

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

async function transfer(page: Page, accountNumber: string, amount: string, description: string) {
  await page.goto('/transfer');
  await page.getByLabel('Recipient name').fill('E2E Recipient');
  await page.getByLabel('Recipient account number').fill(accountNumber);
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Description').fill(description);
  // Another bank's number goes with its routing number and needs an explicit confirmation (the
  // API review for integrators; e2e/payee.spec.ts).
  if (!/^4\d{11}$/.test(accountNumber)) {
    await page.getByLabel('Routing number').fill('021000021');
    await page
      .getByText('I have checked the account number: send this money to another bank')
      .click();
  }
  // Nothing leaves on one click: the review step first.
  await page.getByRole('button', { name: 'Review transfer' }).click();
  const review = page.getByRole('region', { name: 'Review your transfer' });
  await expect(review.getByText(usd(Number(amount)))).toBeVisible();
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText('Transfer completed successfully')).toBeVisible();
  // 'Send Money' sits where the toast appears: a hovered toast pauses and would stay.
  await page.mouse.move(0, 799);
}

function summary(page: Page) {
  return page.getByRole('region', { name: 'Account summary' });
}

test('a deposit by card shows in the history and on the dashboard', async ({ page, request }) => {
  const { email } = await sharedCustomer(request);
  await signInToDashboard(page, email);
  await expect(page.getByText('No recent transactions')).toBeVisible();
  await depositByCard(page, '1500.25');
  const history = page.getByRole('list', { name: 'Transactions' });
  await expect(history.getByText('Deposit funds')).toBeVisible();
  await expect(history.getByText('+$1,500.25')).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await openDashboard(page);
  await expect(summary(page).getByText('$1,500.25').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent transactions' })).toContainText('+$1,500.25');

  // Account details for direct deposit: shared in one go.
  await page.getByRole('button', { name: 'Account details' }).click();
  const details = page.getByRole('dialog', { name: 'Account details' });
  await expect(details.getByText('121098768')).toBeVisible();
  await expect(details.getByText('$1,500.25 available')).toBeVisible();
  await details.getByRole('button', { name: 'Share account details' }).click();
  await expect(page.getByText('Account details copied to clipboard')).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toContain('Routing number: 121098768');
  expect(shared).toMatch(/Account number: \d{12}/);
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
});

test('a transfer reaches another customer live, named by its sender, and is found by search', async ({
  page,
  browser,
  request,
}) => {
  // Two customers, two browsers, a deposit, a transfer and four searches: more than the default.
  test.slow();
  // Bob Rivera sends Alice Carter $42.10 'Pizza night'.
  const payer = await createCustomer(request, 'Bob', 'Rivera');
  const payee = await createCustomer(request, 'Alice', 'Carter');

  // The payee watches the dashboard in a browser of their own.
  const payeeContext = await browser.newContext();
  const payeePage = await payeeContext.newPage();
  const socket = payeePage.waitForEvent('websocket');
  await signInToDashboard(payeePage, payee.email);
  await socket;
  await expect(summary(payeePage).getByText('$0.00').first()).toBeVisible();
  const copy = payeePage.getByRole('button', { name: 'Copy account number' });
  const accountNumber = (await copy.locator('xpath=preceding-sibling::*[1]').textContent()) ?? '';
  expect(accountNumber).toMatch(/^\d{10,12}$/);

  await signInToDashboard(page, payer.email);
  await depositByCard(page, '1000');
  await transfer(page, accountNumber, '42.10', 'Pizza night');
  const sent = page.getByRole('list', { name: 'Transactions' });
  await expect(sent.getByText('\u2212$42.10')).toBeVisible();
  await expect(sent.getByText(/^To Alice C\. · /)).toBeVisible();

  await expect(payeePage.getByText('Received $42.10 from Bob Rivera')).toBeVisible();
  await expect(summary(payeePage).getByText('$42.10').first()).toBeVisible();
  await expect(
    payeePage.getByRole('list', { name: 'Recent transactions' }).getByText('+$42.10'),
  ).toBeVisible();

  // The history names the sender, and finds the payment by his name and by its words.
  await payeePage.goto('/transactions');
  const history = payeePage.getByRole('list', { name: 'Transactions' });
  await expect(history.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(history.getByText(/^From Bob Rivera · \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  const search = payeePage.getByRole('searchbox', { name: 'Search transactions' });
  for (const words of ['bob', 'pizza']) {
    await search.fill(words);
    await expect(payeePage).toHaveURL(new RegExp(`q=${words}`));
    await expect(payeePage.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    await expect(history.getByText('Pizza night')).toBeVisible();
  }
  await search.fill('no such payment');
  await expect(payeePage.getByText('No transactions found')).toBeVisible();
  await search.fill('pizza');
  await expect(payeePage.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await history.getByText('Pizza night').click();

  // The detail: From Bob Rivera and his masked account, never Alice as her own recipient.
  await expect(payeePage.getByRole('heading', { name: 'Pizza night' })).toBeVisible();
  const details = payeePage.getByRole('region', { name: 'Details' });
  await expect(details.getByText('From', { exact: true })).toBeVisible();
  await expect(details.getByText('Bob Rivera')).toBeVisible();
  await expect(details.getByText('Sender’s account')).toBeVisible();
  await expect(details).not.toContainText('Alice');
  await expect(details).not.toContainText(accountNumber);
  const timeline = payeePage.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByText('Received from Bob Rivera')).toBeVisible();
  await expect(timeline).not.toContainText('Delivered to');

  // And by e-mail, her transaction notifications being on (MONEY_MAIL_INTERVAL_MS is 1 s here).
  await payeePage.goto(`/dev/mailbox?to=${encodeURIComponent(payee.email)}`);
  await expect(payeePage.getByText('Received $42.10 from Bob Rivera').first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(payeePage.getByText('Received $42.10 from Bob Rivera · Pizza night')).toBeVisible();
  await screenshots(payeePage, 'money', 'money-mail');
  await payeeContext.close();
});

test('the history filters, and a detail copies its reference and follows clearing', async ({
  page,
  request,
}) => {
  const { email } = await sharedCustomer(request);
  await signInToDashboard(page, email);
  // Another bank's account: pending, then cleared by the sandbox network.
  await transfer(page, '987654321', '120', 'Rent share');
  // An account the sandbox network does not know (ends 0000): fails, money returned.
  await transfer(page, '55550000', '40', 'Wrong account');

  // The network turns the second down moments later, and the customer is told.
  await expect(
    page.getByText('Transfer of $40.00 failed; the money is back in your account'),
  ).toBeVisible({ timeout: 20_000 });
  // The toasts sit over the filters and the export at this width.
  await closeNotifications(page);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Status').selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible({ timeout: 20_000 });
  const history = page.getByRole('list', { name: 'Transactions' });
  await expect(history.getByText('Wrong account')).toBeVisible();
  // The export holds exactly what the filters show.
  await closeNotifications(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('Wrong account');
  expect(csv[1]).toContain('-40.00');

  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Type').selectOption('transfer');
  await page.getByLabel('Minimum amount').fill('100');
  await expect(page).toHaveURL(/minAmount=100/);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await history.getByRole('link', { name: /Rent share/ }).click();

  await expect(page.getByRole('heading', { name: 'Rent share' })).toBeVisible();
  // The other bank's account, masked, and its routing number.
  await expect(page.getByText('••4321')).toBeVisible();
  await expect(page.getByText('021000021', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy reference' }).click();
  await expect(page.getByText('Reference copied to clipboard')).toBeVisible();
  const reference = new URL(page.url()).pathname.split('/').pop();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
  // Clearing finishes while we look: the timeline grows without a reload.
  await expect(page.getByText('Received by the external bank')).toBeVisible({ timeout: 20_000 });
});

test('cards and banks are added, edited and removed', async ({ page, request }) => {
  const { email } = await sharedCustomer(request);
  await signInToDashboard(page, email);

  await page.goto('/my-cards');
  await page.getByLabel('Card type').selectOption('debit');
  await page.getByLabel('Name on card').fill('Dana Tester');
  await page.getByLabel('Card number').fill('4111 1111 1111 4321');
  await page.getByLabel('Expiry').fill('09/31');
  await page.getByLabel('CVV').fill('456');
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Card added successfully')).toBeVisible();
  const tile = page.getByRole('button', { name: /\*\*\*\* 4321/ });
  await expect(tile).toContainText('Dana Tester');
  await tile.click();
  await expect(page.getByRole('heading', { name: 'Edit Card' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Dana T. Tester');
  await page.getByRole('button', { name: 'Update Card' }).click();
  await expect(page.getByText('Card updated successfully')).toBeVisible();
  await expect(tile).toContainText('Dana T. Tester');
  await page.getByRole('button', { name: 'Remove card ending 4321' }).click();
  const removeDialog = page.getByRole('alertdialog');
  await expect(removeDialog).toContainText('card ending 4321');
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Card removed successfully')).toBeVisible();
  await expect(page.getByText(/No saved cards yet/)).toBeVisible();

  await page.goto('/my-banks');
  await expect(page.getByText('No banks found')).toBeVisible();
  await page.getByLabel('Bank name').fill('Harbor Credit Union');
  await page.getByLabel('Account number').fill('11223344');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account type').selectOption('savings');
  await page.getByRole('button', { name: 'Add Bank' }).click();
  await expect(page.getByText('Bank added successfully')).toBeVisible();
  const banks = page.getByRole('list', { name: 'Linked banks' });
  await expect(banks.getByText('****3344')).toBeVisible();
  await banks.getByRole('button', { name: 'Details of Harbor Credit Union' }).click();
  await expect(banks.getByText('11223344')).toBeVisible();
  await banks.getByRole('button', { name: 'Edit Harbor Credit Union' }).click();
  const update = page.getByRole('dialog', { name: 'Update Bank' });
  await update.getByLabel('Bank name').fill('Harbor CU');
  await update.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Bank updated successfully')).toBeVisible();
  await banks.getByRole('button', { name: 'Delete Harbor CU' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete Harbor CU?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Bank deleted successfully')).toBeVisible();
  await expect(page.getByText('No banks found')).toBeVisible();
});

test('a withdrawal to a saved bank counts against the daily limit', async ({ page, request }) => {
  const { email } = await sharedCustomer(request);
  await signInToDashboard(page, email);
  await page.goto('/my-banks');
  await page.getByLabel('Bank name').fill('Lakeside Bank');
  await page.getByLabel('Account number').fill('99887766');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByRole('button', { name: 'Add Bank' }).click();
  await expect(page.getByText('Bank added successfully')).toBeVisible();

  await page.goto('/withdraw');
  await expect(summary(page).getByText('Daily withdrawal limit')).toBeVisible();
  const left = summary(page).getByText(/left today$/);
  const before = Number(((await left.textContent()) ?? '').replace(/[^0-9.]/g, ''));
  const balance = summary(page)
    .getByText(/^\$[\d,.]+$/)
    .first();
  const balanceBefore = Number(((await balance.textContent()) ?? '').replace(/[^0-9.]/g, ''));
  await page.getByLabel('Saved bank').selectOption({ label: 'Lakeside Bank ****7766' });
  await expect(page.getByLabel('Account number')).toHaveValue('99887766');
  await page.getByLabel('Amount').fill('150');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByText('Withdrawal request submitted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Transactions' })).toContainText('\u2212$150.00');

  await page.goto('/withdraw');
  await expect(summary(page).getByText(usd(balanceBefore - 150))).toBeVisible();
  await expect(left).toHaveText(`${usd(before - 150)} left today`);
});

const moneyPages = [
  { name: 'transactions', path: '/transactions' },
  { name: 'transfer', path: '/transfer' },
  { name: 'deposit', path: '/deposit' },
  { name: 'withdraw', path: '/withdraw' },
  { name: 'my-cards', path: '/my-cards' },
  { name: 'my-banks', path: '/my-banks' },
];

async function checkMoneyPages(page: Page, suffix: string) {
  await openDashboard(page);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: test.info().outputPath(`dashboard-${suffix}.png`),
    fullPage: true,
  });
  for (const { name, path } of moneyPages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBe(false);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${suffix}.png`),
      fullPage: true,
    });
  }
  // The detail page of the newest transaction.
  await page.goto('/transactions');
  await page.getByRole('list', { name: 'Transactions' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath(`detail-${suffix}.png`), fullPage: true });
}

test.describe('money pages', () => {
  // Seven pages, each judged by axe and photographed whole: on a busy CI machine one pass takes
  // most of a minute, so each theme is its own test with room to spare.
  test.beforeEach(() => test.setTimeout(120_000));

  test('are axe clean on a desktop, light', async ({ page, request }) => {
    const { email } = await sharedCustomer(request);
    await signInToDashboard(page, email);
    await checkMoneyPages(page, 'desktop');
  });

  test('are axe clean on a desktop, dark', async ({ page, request }) => {
    const { email } = await sharedCustomer(request);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInToDashboard(page, email);
    await checkMoneyPages(page, 'desktop-dark');
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test('fit the screen and are axe clean', async ({ page, request }) => {
      const { email } = await sharedCustomer(request);
      await signInToDashboard(page, email);
      await checkMoneyPages(page, '360');
    });
  });
});
