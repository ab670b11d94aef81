import {
  createCustomer,
  expect,
  expectNoAxeViolations,
  signInAsAdmin,
  signInNewCustomer,
  test,
} from './fixtures.ts';

// From the accessibility review: axe-core 4.14 (WCAG 2.2 AA and best practices) on the pages it found wanting.
const missing = '00000000-0000-4000-8000-000000000000';

test('the signed-in layout’s account menu says what it shows (label-content-name-mismatch), light and dark', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request, 'Axe');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Account menu for Axe Tester/ })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('a loan or a ticket that is not there has its h1', async ({ page, request }) => {
  await signInNewCustomer(page, request, 'Absent');
  await page.goto(`/loans/${missing}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan not found' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/support/${missing}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the administrator’s user page has no two landmarks with one name', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'Landmark');
  // An open session, so the page has its sessions table too.
  const login = await request.post('/api/v1/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Landmark Tester' }).first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Landmark Tester' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open sessions' })).toBeVisible();
  await expectNoAxeViolations(page);
});
