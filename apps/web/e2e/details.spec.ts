import { submitDepositForm } from './customer.ts';
import {
  createCustomer,
  expect,
  expectNoAxeViolations,
  signIn,
  signInNewCustomer,
  test,
} from './fixtures.ts';

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
  const _customer = await signInNewCustomer(page, request, 'Detail');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/transfer');
    await expect(page).toHaveTitle('Transfer Money · Horizon Bank');
    await page.getByLabel(/Recipient account number/).fill('412345678085');
    // More than the new customer's $0.00: refused at the field, before anything is sent.
    await page.getByLabel(/Amount/).fill('50');
    await page.getByRole('button', { name: 'Review transfer' }).click();
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

test('a cold load paints the signed-in frame and a spinner before any script or API answer', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request, 'Cold');
  // Held until released: the page's scripts, then the API, as on a slow first load.
  const held = { scripts: gate(), api: gate() };
  await page.route('**/assets/*.js', async (route) => {
    await held.scripts.promise;
    await route.continue();
  });
  await page.route('**/trpc/**', async (route) => {
    await held.api.promise;
    await route.continue();
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/', { waitUntil: 'commit' });
  // The prerendered shell: the top bar with the bank's name, and a spinner where the page goes.
  const spinner = page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' });
  await expect(spinner).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Horizon Bank');
  // Dark from the first paint: the theme's background, not the light one.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
    'rgb(255, 255, 255)',
  );
  await page.screenshot({ path: 'test-results/details-cold-load-dark.png' });
  held.scripts.resolve();
  await expect(spinner).toBeVisible();
  held.api.resolve();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
});

test('the sign-in page is drawn before its scripts; a submit before they run sends nothing', async ({
  page,
}) => {
  const scripts = gate();
  await page.route('**/assets/*.js', async (route) => {
    await scripts.promise;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Sign in to your account' });
  await expect(heading).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  // A visitor quicker than the scripts: types, and submits, before the app has started. The
  // browser never sends the form itself (a GET with the fields in the URL).
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('Secret#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(new URL(page.url()).search).toBe('');
  scripts.resolve();
  // Hydrated: the form is the app's, which sends the held submit with what was typed, and judges
  // it; nothing ever went in the URL.
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByText('Invalid email')).toBeVisible({ timeout: 30_000 });
  // The theme button replaces its placeholder once the app's first effects have run.
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).search).toBe('');
});

test('the sign-in page asks for its scripts only once it is on screen', async ({ page }) => {
  // Its HTML names them only in an inert list (no module script, no preload the browser would
  // fetch at once); public/theme-init.js fetches them after the first paint.
  const html = await (await page.request.get('/login')).text();
  expect(html).not.toMatch(/modulepreload|<script type="module"/);
  expect(html).toContain('<script type="application/json" data-after-paint>');
  await page.goto('/login');
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
  const order = await page.evaluate(() => {
    const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    return { painted, scripts: scripts.length, firstScript: Math.min(...scripts) };
  });
  expect(order.painted).toBeDefined();
  expect(order.scripts).toBeGreaterThan(3);
  expect(order.firstScript).toBeGreaterThanOrEqual(order.painted ?? Number.POSITIVE_INFINITY);
  // Every chunk the lists name was asked for (a few per task), once.
  const asked = await page.evaluate(() => {
    const listed = [...document.querySelectorAll('script[data-after-paint]')].flatMap(
      (list) => (JSON.parse(list.textContent ?? '{}') as { preload?: string[] }).preload ?? [],
    );
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    return { listed, preloaded: links.map((link) => new URL(link.href).pathname) };
  });
  expect(asked.listed.length).toBeGreaterThan(3);
  // In any order (a route's import may link its chunks before the last preload task runs).
  expect([...asked.preloaded].sort()).toEqual([...asked.listed].sort());
});

test("the design system's global CSS is in the page once, whoever wrote it", async ({ page }) => {
  // How many style rules define the brand's colour variable, through every sheet and layer.
  const definitions = () =>
    page.evaluate(() => {
      const count = (rules: CSSRuleList): number =>
        [...rules].reduce(
          (total, rule) =>
            total +
            (rule instanceof CSSStyleRule &&
            rule.style.getPropertyValue('--chakra-colors-brand-700') !== ''
              ? 1
              : 0) +
            ('cssRules' in rule && rule.cssRules instanceof CSSRuleList ? count(rule.cssRules) : 0),
          0,
        );
      return [...document.styleSheets].reduce((total, sheet) => total + count(sheet.cssRules), 0);
    });
  // Drawn at build time: the build wrote it into the page, and the app adds none.
  await page.goto('/login');
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible({
    timeout: 30_000,
  });
  expect(await definitions()).toBe(1);
  // Not drawn at build time (a reset link's page): the app inserts it.
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await definitions()).toBe(1);
  // Either way the tokens apply: the primary button is the brand's solid colour.
  const background = await page
    .getByRole('button', { name: 'Reset password' })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(background).toBe('rgb(26, 59, 184)');
});

test('each page drawn at build time is taken over in place, never drawn again', async ({
  page,
}) => {
  const redrawn: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('was drawn again')) redrawn.push(message.text().slice(0, 200));
  });
  const paths = ['/login', '/register', '/forgot-password', '/help', '/privacy', '/terms'];
  // Each page with its scripts held (a slow phone), then as it comes (the engine's names for
  // countries on the registration page differed from node's).
  for (const [path, held] of paths.flatMap((path) => [
    [path, true] as const,
    [path, false] as const,
  ])) {
    const scripts = gate();
    if (!held) scripts.resolve();
    await page.route('**/assets/*.js', async (route) => {
      await scripts.promise;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The very element the build drew, kept to compare with what the app shows once it runs.
    await page.evaluate(() => {
      Object.assign(window, { drawnHeading: document.querySelector('h1') });
    });
    scripts.resolve();
    await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible({
      timeout: 30_000,
    });
    const kept = await page.evaluate(
      () => document.querySelector('h1') === Reflect.get(window, 'drawnHeading'),
    );
    expect({ path, held, kept, redrawn }).toEqual({ path, held, kept: true, redrawn: [] });
    await page.unrouteAll();
  }
});

/** A promise released from outside (Promise.withResolvers needs Node 22). */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

test('a toast sits below the top bar: the account menu stays in reach', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInNewCustomer(page, request, 'Toast');
  const toast = page.getByText('Account number copied to clipboard');
  for (const width of [1280, 360]) {
    // The previous width's toast gone first: copying again while it shows only keeps it (and
    // its few seconds left), which a busy machine can outlast.
    await expect(toast).toBeHidden();
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: 'Copy account number' }).click();
    await expect(toast).toBeVisible();
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    // Both laid out (the menu's stand-in gives way to the menu once the page is idle).
    await expect
      .poll(async () => {
        const menu = await menuButton.boundingBox();
        const shown = await toast.boundingBox();
        return Boolean(menu && shown && shown.y >= menu.y + menu.height);
      })
      .toBe(true);
    await page.screenshot({ path: `test-results/details-toast-${width}.png` });
  }
});

test('at 360 px: quick links in the first screen, a transaction’s title on whole lines', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request, 'Narrow');
  await page.setViewportSize({ width: 360, height: 800 });
  await submitDepositForm(page, '25');
  await expect(page).toHaveURL(/\/transactions$/);

  await page.goto('/');
  // The three figures stack as one line each, so the quick links start within the first screen.
  const links = page.getByRole('heading', { name: 'Quick links' });
  await expect(links).toBeVisible();
  const heading = await links.boundingBox();
  expect(heading && heading.y + heading.height).toBeLessThan(800 - 100);

  await page.goto('/transactions');
  await page.getByRole('list', { name: 'Transactions' }).getByRole('link').first().click();
  // Wait for the detail itself: until it arrives the list's own h1 is the one on the page.
  await expect(page).toHaveURL(/\/transactions\/[^/]+$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).not.toHaveText('Transactions');
  // The title takes the card's width (the amount wraps below it), not a sliver beside it.
  await expect(async () => {
    const box = await title.boundingBox();
    expect(box?.width).toBeGreaterThan(250);
  }).toPass({ timeout: 20_000 });
});

test('at 360 px the ticket chat is a full-screen sheet, closed with Escape', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request, 'Sheet');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/support/create');
  await page.getByLabel('Subject').fill('Where is my card?');
  await page.getByLabel('Category').selectOption('account');
  await page.getByLabel('Description').fill('It was due last week and has not come.');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await page.getByRole('link', { name: 'Where is my card?' }).click();
  await page.getByRole('button', { name: 'Chat with Support' }).click();
  const sheet = page.locator('#ticket-chat');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 740 });
  await page.getByRole('textbox', { name: 'Message' }).press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with Support' })).toBeVisible();
});
