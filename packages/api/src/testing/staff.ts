import { users } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { fundedCustomer } from './money.ts';

/**
 * A signed-in member of staff: a customer with no money whose role is then changed, with a
 * caller made after the change.
 */
export async function staffMember(app: TestApp, role: 'admin' | 'support', firstName = 'Staff') {
  const person = await fundedCustomer(app, 0, firstName);
  await app.db.update(users).set({ role }).where(eq(users.id, person.id));
  return { ...person, caller: await app.caller(person.token) };
}
