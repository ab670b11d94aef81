import type { APIRequestContext } from '@playwright/test';
import { createCustomer, expect } from './fixtures.ts';

// The REST API as an integrator uses it: the journeys set up their data through it.

/** Signs in with a password: the bearer token, and the customer's account number and id. */
export async function signedInApi(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  return {
    token: String(body.token),
    accountNumber: String(body.user.accountNumber),
    id: String(body.user.id),
  };
}

/** A card deposit over REST, as an integrator makes it. */
export async function depositOverRest(request: APIRequestContext, token: string, amount: number) {
  const deposit = await request.post('/api/v1/transactions/deposit', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: {
      method: 'card',
      amount,
      cardNumber: '4111111111111111',
      expiryDate: '12/39',
      cvv: '123',
    },
  });
  expect(deposit.status()).toBe(201);
}

/** The newest step-up code e-mailed to `email`, once it has arrived. */
export async function stepUpCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
        const body: { messages: Array<{ subject: string }> } = await response.json();
        code = body.messages
          .map((message) => message.subject.match(/^Your confirmation code: (\d{6})$/)?.[1])
          .find((found) => found !== undefined);
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/**
 * A payment's two new customers: the payer, with `amount` deposited by card and their bearer
 * token, and the payee's account number and id.
 */
export async function payerAndPayee(
  request: APIRequestContext,
  payerName: string,
  payeeName: string,
  amount: number,
) {
  const payer = await createCustomer(request, payerName);
  const payee = await createCustomer(request, payeeName);
  const { token } = await signedInApi(request, payer.email, payer.password);
  await depositOverRest(request, token, amount);
  const { accountNumber, id } = await signedInApi(request, payee.email, payee.password);
  return { payer, token, payeeAccount: accountNumber, payeeId: id };
}
