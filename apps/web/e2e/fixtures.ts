import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { totpAt, totpStep } from '@bank/auth/totp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';

/**
 * axe-core at its newest (4.14: `label-content-name-mismatch` is on). @axe-core/playwright 4.14
 * needs Node 22, so its 4.13 runs the newer engine, handed over as source.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
/** WCAG 2.0-2.2 A and AA, and axe's best practices (landmarks, headings). */
const axeTags = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22a',
  'wcag22aa',
  'best-practice',
];

/** An axe run over the page with the rules above. */
export function axe(page: Page) {
  return new AxeBuilder({ page, axeSource }).withTags(axeTags);
}

export const password = 'Journey#2026';
let counter = 0;

export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@e2e.bank`;
}

/**
 * The newest link to `path` e-mailed to `email`, read from the development mailbox, once at
 * least `count` such links have arrived.
 */
export async function mailLink(
  request: APIRequestContext,
  email: string,
  path: string,
  count = 1,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
        const body: { messages: Array<{ links: string[] }> } = await response.json();
        const links = body.messages
          .flatMap((m) => m.links)
          .filter((link) => new URL(link).pathname === path);
        found = links.length >= count ? links[0] : undefined;
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found ?? '';
}

/** A six-digit code from a base32 secret, `offset` steps from now (RFC 6238). */
export function totpCode(secret: string, offset = 0): string {
  return totpAt(decodeBase32IgnorePadding(secret), totpStep(Date.now()) + offset);
}

/** A verified customer made through the REST API (the UI journey covers registration itself). */
export async function createCustomer(
  request: APIRequestContext,
  firstName = 'Casey',
  lastName = 'Tester',
) {
  const email = uniqueEmail(firstName.toLowerCase());
  const registered = await request.post('/api/v1/auth/register', {
    // Each made-up customer comes from its own address (the e2e server trusts the proxy
    // header), so the per-address registration limit stays real for the browser journeys. The
    // process id keeps apart the workers Playwright starts anew after a failure (the counter
    // starts again at 0 in each): reusing the first worker's addresses met the limit (429).
    headers: {
      'x-forwarded-for': `198.${18 + (process.pid % 2)}.${(Math.floor(process.pid / 2) + Math.floor(counter / 250)) % 256}.${(counter % 250) + 1}`,
    },
    data: {
      firstName,
      lastName,
      email,
      phoneNumber: '+15551234567',
      dateOfBirth: '1991-02-03',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  const link = await mailLink(request, email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const verified = await request.post('/api/v1/auth/verify-email', { data: { token } });
  expect(verified.ok()).toBe(true);
  return { email, password, firstName };
}

/** A new customer (as `createCustomer`), signed in on `page`. */
export async function signInNewCustomer(page: Page, request: APIRequestContext, firstName: string) {
  const customer = await createCustomer(request, firstName);
  await signIn(page, customer.email);
  return customer;
}

export async function signIn(page: Page, email: string, secret = password) {
  await page.goto('/login');
  // The form is prerendered, on screen before the app takes it over: wait until the app has
  // (its first effect puts the focus in the e-mail field), or what is typed meanwhile is lost.
  const emailField = page.getByLabel('Email', { exact: false }).first();
  await expect(emailField).toBeFocused({ timeout: 30_000 });
  await emailField.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in (or on to the second factor) before the caller navigates anywhere.
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs in as the administrator the journeys' server is seeded with (playwright.config.ts). */
export function signInAsAdmin(page: Page) {
  return signIn(page, e2eAdmin.email, e2eAdmin.password);
}

/**
 * Waits until the app has taken over a prerendered page: what a visitor does before (a field
 * focused and left) is not seen by the form. The theme button replaces its placeholder once the
 * app's first effects have run.
 */
export async function appTakenOver(page: Page) {
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible({
    timeout: 30_000,
  });
}

export async function expectNoAxeViolations(page: Page) {
  // Between two routes a page shows only a spinner: judge it once it has rendered (on a busy
  // machine `networkidle` can come first, and axe then saw no main landmark and no h1).
  await expect(page.getByRole('main').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const results = await axe(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * The page in light and dark, 1280 and 360 px wide, into `test-results/screenshots/<folder>/`
 * (not committed; CI keeps test-results). The whole page goes in one tall window: the app's
 * header and sidebar are fixed, which a stitched full-page capture draws in the middle of it.
 */
export async function screenshots(page: Page, folder: string, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.min(height, 4000) });
      await page.screenshot({
        path: `test-results/screenshots/${folder}/${name}-${width}-${scheme}.png`,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The rows of the table named `table` on `page` that show `text`. */
export function rowsOf(page: Page, table: string, text: string): Locator {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

/** The screen on `page` is axe-clean, and its screenshots go to `folder` as `name` (above). */
export async function auditScreen(page: Page, folder: string, name: string) {
  await expectNoAxeViolations(page);
  await screenshots(page, folder, name);
}

/**
 * Closes every open notification from the keyboard, as a customer does to reach a control one
 * covers (the toasts sit over the page's top-right actions). Not by pointer: a pointer over the
 * toasts pauses them, and a click that lands on a toast arriving meanwhile misses its target.
 * A toast may go by itself between the count and the key press: that press is not needed.
 */
export async function closeNotifications(page: Page) {
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  for (let tries = 0; tries < 10 && (await toasts.count()) > 0; tries++) {
    await toasts
      .first()
      .getByRole('button', { name: 'Close notification' })
      .press('Enter', { timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}

export const test = base;
export { expect };
