import type { TestApp } from '@bank/api/testing/harness';

// What the tests send: a customer's ticket and its smallest image, a card to save.

/** A 1×1 PNG: an attachment whose type is read from its first bytes. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A ticket as a customer writes it: the form's fields. */
export const sampleTicket = {
  subject: 'Card declined abroad',
  category: 'transaction',
  priority: 'high',
  description: 'My card was declined in a shop in Lisbon yesterday evening.',
};

/** A debit card as the add-card form sends it (Visa's test number), held by `name`. */
export const cardForm = (name: string, expiry = '12/39', cvv = '123') => ({
  type: 'debit',
  name,
  number: '4111111111111111',
  expiry,
  cvv,
});

/** A verified customer, signed in: their token and its Authorization header. */
export async function signedInCustomer(app: TestApp) {
  const user = await app.registerVerified();
  const { token } = await app.signIn(user.email);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}
