import { describe, expect, it } from 'vitest';
import { createFileTestApp, rejectionOf } from '../testing/harness.ts';
import { aliceAndBob, fundedCustomer, pay } from '../testing/money.ts';

const app = await createFileTestApp();

const descriptions = (page: { data: Array<{ description: string }> }) =>
  page.data.map((t) => t.description);

describe('history search', () => {
  it('finds Bob’s payment by his name and by its words, in any case, for Alice only', async () => {
    const { alice, bob } = await aliceAndBob(app, { alice: 0, bob: 200 });
    await pay(bob, alice, 42.1, 'Pizza night');
    await pay(bob, alice, 10, 'Cinema');
    for (const q of ['bob', 'BOB', 'rivera', 'pizza', 'Pizza Night']) {
      const page = await alice.caller.transactions.list({ q });
      expect(descriptions(page), q).toEqual(
        q.includes('izza') ? ['Pizza night'] : ['Cinema', 'Pizza night'],
      );
      expect(page.total, q).toBe(page.data.length);
    }
    // Bob sees Alice as the payee check shows her ('Alice C.'): her surname finds nothing for him.
    expect(descriptions(await bob.caller.transactions.list({ q: 'alice c' }))).toEqual([
      'Cinema',
      'Pizza night',
    ]);
    expect((await bob.caller.transactions.list({ q: 'carter' })).total).toBe(0);
    // Another customer finds none of it.
    const mallory = await fundedCustomer(app, 0, 'Mallory');
    expect((await mallory.caller.transactions.list({ q: 'pizza' })).total).toBe(0);
  });

  it('ignores accents both ways, and combines with the filters', async () => {
    const jose = await fundedCustomer(app, 100, 'José', 'Núñez');
    const ana = await fundedCustomer(app, 0, 'Ana', 'Lima');
    await pay(jose, ana, 30, 'Café au lait');
    await pay(jose, ana, 5, 'Cafe tip');
    for (const q of ['jose', 'José', 'JOSÉ', 'nunez'])
      expect((await ana.caller.transactions.list({ q })).total, q).toBe(2);
    expect(descriptions(await ana.caller.transactions.list({ q: 'cafe' }))).toEqual([
      'Cafe tip',
      'Café au lait',
    ]);
    expect(descriptions(await ana.caller.transactions.list({ q: 'café', minAmount: 10 }))).toEqual([
      'Café au lait',
    ]);
    expect((await ana.caller.transactions.list({ q: 'jose', type: 'deposit' })).total).toBe(0);
  });

  it('finds deposits by their card or bank, and takes wildcards literally', async () => {
    const alice = await fundedCustomer(app, 0, 'Alice', 'Carter');
    await alice.caller.transactions.deposit({
      amount: 10,
      method: 'bank',
      bankName: 'Citi',
      bankAccountNumber: '000123456789',
      bankRoutingNumber: '021000021',
      description: '100% refund',
    });
    expect((await alice.caller.transactions.list({ q: 'citi' })).total).toBe(1);
    expect((await alice.caller.transactions.list({ q: '100%' })).total).toBe(1);
    expect((await alice.caller.transactions.list({ q: '%' })).total).toBe(1);
    expect((await alice.caller.transactions.list({ q: '_' })).total).toBe(0);
    // A blank search is no search.
    expect((await alice.caller.transactions.list({ q: '  ' })).total).toBe(1);
  });

  it('refuses a search longer than 100 characters with a clear message', async () => {
    const alice = await fundedCustomer(app, 0);
    const refused = await rejectionOf(alice.caller.transactions.list({ q: 'x'.repeat(101) }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
