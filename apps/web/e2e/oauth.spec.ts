import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { auditScreen, createCustomer, expect, signInAsAdmin, test } from './fixtures.ts';

// A third-party app connects with the customer's consent: the customer signs in at the bank,
// sees what the app may do, allows it; the app reads with its token; the customer disconnects
// it under Profile and the token stops at once.

const redirectUri = 'https://budgetbuddy.example/callback';

async function registerApp(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: e2eAdmin });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const created = await request.post('/api/v1/admin/apps', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Budget Buddy',
      redirectUris: [redirectUri],
      scopes: ['accounts:read', 'transactions:read'],
    },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  return { clientId: String(body.app.clientId), clientSecret: String(body.clientSecret) };
}

test('a customer connects an app, the app reads, the customer disconnects it', async ({
  page,
  request,
}) => {
  const app = await registerApp(request);
  const customer = await createCustomer(request, 'Nora', 'Consent');
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `/oauth/authorize?${new URLSearchParams({
    client_id: app.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'accounts:read transactions:read',
    state: 'journey-state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`;
  // The app's own site is not part of this journey: its callback answers a plain page.
  await page.route('https://budgetbuddy.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Budget Buddy</h1>' }),
  );

  // Signed out: the bank asks the customer to sign in first, then shows the consent.
  await page.goto(authorize);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email', { exact: false }).first().fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { name: 'Budget Buddy wants to use your account' }),
  ).toBeVisible();
  await expect(page.getByText('See your account number and balance')).toBeVisible();
  await expect(page.getByText('See your transactions')).toBeVisible();
  await auditScreen(page, 'oauth', 'consent');

  const callback = page.waitForURL(/^https:\/\/budgetbuddy\.example\/callback/);
  await page.getByRole('button', { name: 'Allow' }).click();
  await callback;
  const back = new URL(page.url());
  expect(back.searchParams.get('state')).toBe('journey-state-1');
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();

  const tokenAnswer = await request.post('/oauth/token', {
    headers: {
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
    },
    form: {
      grant_type: 'authorization_code',
      code: String(code),
      redirect_uri: redirectUri,
      code_verifier: verifier,
    },
  });
  expect(tokenAnswer.status()).toBe(200);
  const accessToken = String((await tokenAnswer.json()).access_token);
  const read = () =>
    request.get('/api/v1/transactions', { headers: { authorization: `Bearer ${accessToken}` } });
  expect((await read()).status()).toBe(200);

  // The customer disconnects the app under Profile: its token stops on the next call.
  // Still signed in at the bank from the consent.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Connected apps' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Budget Buddy' });
  await expect(card).toBeVisible();
  await auditScreen(page, 'oauth', 'connected-apps');
  await card.getByRole('button', { name: 'Disconnect Budget Buddy' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('No connected apps')).toBeVisible();
  expect((await read()).status()).toBe(401);
});

test('staff register an app at /admin/apps and see its secret once', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/apps');
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Register app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register app' });
  await dialog.getByLabel('App name').fill('Ledger Lens');
  await dialog.getByLabel('Redirect URIs').fill('https://ledgerlens.example/callback');
  await dialog.getByText('transactions:read').click();
  await dialog.getByRole('button', { name: 'Register' }).click();
  const secret = page.getByRole('alertdialog', { name: 'Credentials for Ledger Lens' });
  await expect(secret.getByText(/^secret_/)).toBeVisible();
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Registered apps' })).toContainText('Ledger Lens');
  await auditScreen(page, 'oauth', 'admin-apps');
});
