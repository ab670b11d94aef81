import { createCustomer, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

// From the footprint and page-speed review: the details a customer notices.

test('forms with their errors showing are axe clean (AA contrast), light and dark', async ({
  page,
  request,
}) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/details-register-errors-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const customer = await createCustomer(request, 'Detail');
  await signIn(page, customer.email);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/transfer');
    await expect(page).toHaveTitle('Transfer Money · Horizon Bank');
    await page.getByLabel(/Recipient account number/).fill('123456789');
    // More than the new customer's $0.00: refused at the field, before anything is sent.
    await page.getByLabel(/Amount/).fill('50');
    await page.getByRole('button', { name: 'Send Money' }).click();
    await expect(page.getByText('Insufficient funds')).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `test-results/details-transfer-${width}-${scheme}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('a tall page keeps the sidebar background down to the window bottom', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Tall');
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signIn(page, customer.email);
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const gap = await page.evaluate(() => {
    const aside = document.querySelector('aside');
    return aside ? window.innerHeight - aside.getBoundingClientRect().bottom : Number.NaN;
  });
  expect(gap).toBeLessThanOrEqual(1);
});

test('titles per page, and HTTP 404 (with the not-found page) off the route table', async ({
  page,
}) => {
  const login = await page.goto('/login');
  expect(login?.status()).toBe(200);
  await expect(page).toHaveTitle('Sign In · Horizon Bank');
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Horizon Bank');
  const asset = await page.request.get('/login', { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('no-cache');
});
