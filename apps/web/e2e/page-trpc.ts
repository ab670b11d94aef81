import type { Page } from '@playwright/test';
import { signIn } from './fixtures.ts';

// The bank's tRPC procedures called from inside a signed-in page, for a journey's set-up.

/** A tRPC call from inside the page, so the session cookie and same-origin headers go too. */
export async function call(page: Page, path: string, input: unknown, method: 'GET' | 'POST') {
  return page.evaluate(
    async ({ path, input, method }) => {
      const url =
        method === 'GET'
          ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`
          : `/trpc/${path}`;
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const body: { result: { data: unknown } } = await response.json();
      return body.result.data;
    },
    { path, input, method },
  );
}

/** A field of an answer read without trusting its shape. */
export function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return found;
}

/** The signed-in customer's account number. */
export async function accountNumberOf(page: Page): Promise<string> {
  const balance = await call(page, 'transactions.balance', undefined, 'GET');
  if (typeof balance !== 'object' || balance === null || !('accountNumber' in balance))
    throw new Error('no balance');
  return String(balance.accountNumber);
}

/** Money in by the test card, as the signed-in customer. */
export async function depositFromPage(page: Page, amount: number) {
  await call(
    page,
    'transactions.deposit',
    {
      amount,
      method: 'card',
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    },
    'POST',
  );
}

/** A customer as `createCustomer` makes them, with the page they are signed in on. */
interface CustomerOnPage {
  page: Page;
  email: string;
  password: string;
}

/**
 * Signs `payee` and then `payer` in on their pages, gives the payer $2,000 by the test card and
 * sends `amount` to the payee's account: the payment as the server answered it.
 */
export async function payBetween(
  payer: CustomerOnPage,
  payee: CustomerOnPage,
  amount: number,
  description: string,
) {
  await signIn(payee.page, payee.email, payee.password);
  const recipientAccountNumber = await accountNumberOf(payee.page);
  await signIn(payer.page, payer.email, payer.password);
  await depositFromPage(payer.page, 2_000);
  return call(
    payer.page,
    'transactions.transfer',
    { recipientAccountNumber, amount, description },
    'POST',
  );
}
