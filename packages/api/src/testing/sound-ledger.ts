import type { Executor } from '@bank/db';
import { afterEach, expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { ledgerInvariant, soundLedger } from './money.ts';

/** Asserts the ledger is sound: balances are their entries, and everything sums to zero. */
export async function expectSoundLedger(db: Executor) {
  expect(await ledgerInvariant(db)).toEqual(soundLedger);
}

/** The ledger checked after every test of the file: no entry lost, none changed. */
export function checkLedgerAfterEach(app: () => TestApp) {
  afterEach(async () => {
    await expectSoundLedger(app().db);
  });
}
