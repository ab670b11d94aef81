import type { Executor } from '@bank/db';
import { bankSettings } from '@bank/db/schema';
import { eq } from 'drizzle-orm';

/** SPEC.md 9's sample values, the settings a new bank starts with. */
export const defaultBankSettings = {
  id: 1,
  bankName: 'Horizon Bank',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
  transferLimitCents: 5_000_000n,
  withdrawalLimitCents: 2_500_000n,
  maintenanceMode: false,
  savingsRateBps: 250,
  personalLoanRateBps: 1250,
  businessLoanRateBps: 1000,
  mortgageRateBps: 650,
};

export async function ensureBankSettings(db: Executor): Promise<void> {
  await db.insert(bankSettings).values(defaultBankSettings).onConflictDoNothing();
}

export async function getBankSettings(db: Executor) {
  const [row] = await db.select().from(bankSettings).where(eq(bankSettings.id, 1));
  return row ?? { ...defaultBankSettings, updatedAt: new Date(0) };
}

export async function isMaintenanceOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ on: bankSettings.maintenanceMode })
    .from(bankSettings)
    .where(eq(bankSettings.id, 1));
  return row?.on ?? false;
}
