import type { Page } from '@playwright/test';
import {
  createCustomer,
  expect,
  expectNoAxeViolations,
  signIn,
  signInAsAdmin,
  test,
} from './fixtures.ts';

/** A real PNG (1×1) followed by padding: big enough for the upload to take a moment. */
const picture = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(400_000),
]);

/** Axe-clean and screenshotted at desktop and phone width, in light and dark. */
async function checkScreens(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      // Laid out at the new size: two animation frames have been drawn since.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `test-results/support-${name}-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a customer opens a ticket with a picture and chats live with staff until it is resolved', async ({
  page,
  browser,
  request,
}) => {
  // Eight screens, each checked at two widths in two themes.
  test.setTimeout(180_000);
  const customer = await createCustomer(request, 'Morgan');
  await signIn(page, customer.email, customer.password);

  await page.goto('/support');
  await expect(page.getByText('No support tickets')).toBeVisible();
  await checkScreens(page, 'list-empty');

  await page.getByRole('link', { name: 'New Ticket', exact: true }).click();
  await expect(page.getByText('PNG, JPG, GIF up to 10MB')).toBeVisible();
  await page.getByLabel('Subject').fill('Card declined abroad');
  await page.getByLabel('Category').selectOption('transaction');
  await page.getByLabel('Description').fill('My card was declined in a shop in Lisbon yesterday.');
  await page
    .getByTestId('attachments-input')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('receipt.png')).toBeVisible();
  await checkScreens(page, 'create');
  // Hold the upload until its progress bar has been seen.
  let release: () => void = () => {};
  const seen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/support/tickets', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  release();
  await expect(page.getByText('Support ticket created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/support$/);
  await page.unroute('**/api/v1/support/tickets');
  await checkScreens(page, 'list');

  await page.getByRole('link', { name: 'Card declined abroad' }).click();
  await expect(page.getByRole('img', { name: 'Preview of receipt.png' })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download receipt.png' });
  const href = await download.getAttribute('href');
  const file = await page.request.get(href ?? '');
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  const ticketNumber = (await page.getByText(/^Ticket #\d+/).textContent())?.match(/#\d+/)?.[0];

  await page.getByRole('button', { name: 'Chat with Support' }).click();
  const customerLog = page.getByRole('log', { name: 'Messages' });
  const customerBox = page.getByRole('textbox', { name: 'Message' });
  await customerBox.fill('Hello, is anyone there? <b>not bold</b>');
  await customerBox.press('Enter');
  await expect(customerLog.getByText('Hello, is anyone there? <b>not bold</b>')).toBeVisible();
  await checkScreens(page, 'detail-chat');

  // Staff, in a browser of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  await signInAsAdmin(staff);
  await staff.goto('/admin/support');
  await checkScreens(staff, 'admin-list');
  await staff.getByRole('button', { name: `Open chat for ticket ${ticketNumber}` }).click();
  await expect(staff.getByRole('heading', { name: `Ticket ${ticketNumber}` })).toBeVisible();
  await expect(staff.getByText('Chatting with Morgan Tester')).toBeVisible();
  const staffLog = staff.getByRole('log', { name: 'Messages' });
  await expect(staffLog.getByText('Hello, is anyone there? <b>not bold</b>')).toBeVisible();
  await expect(page.getByText(/joined the chat/)).toBeVisible();

  await customerBox.pressSequentially('Still');
  await expect(staff.getByText('Morgan Tester is typing…')).toBeVisible();
  await customerBox.fill('');

  const staffBox = staff.getByRole('textbox', { name: 'Message' });
  await staffBox.fill('Hi Morgan, I can see the decline. Fixing it now.');
  await staffBox.press('Enter');
  await expect(
    customerLog.getByText('Hi Morgan, I can see the decline. Fixing it now.'),
  ).toBeVisible();
  await customerBox.fill('Thank you!');
  await customerBox.press('Enter');
  await expect(staffLog.getByText('Thank you!')).toBeVisible();
  await checkScreens(staff, 'admin-detail');

  // A reload shows the whole conversation, in order (the chat stays open: it is in the URL).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hide Chat' })).toBeVisible();
  await expect(customerLog.locator('li')).toHaveText([
    /Hello, is anyone there\?/,
    /Hi Morgan, I can see the decline/,
    /Thank you!/,
  ]);

  await staff.getByRole('button', { name: /as Resolved/ }).click();
  await expect(staff.getByRole('button', { name: /as Resolved/ })).toBeDisabled();
  // The customer's chat toggle goes away live.
  await expect(page.getByRole('button', { name: 'Hide Chat' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with Support' })).toBeHidden();
  await expect(page.getByText('resolved').first()).toBeVisible();
  await staffContext.close();
});
