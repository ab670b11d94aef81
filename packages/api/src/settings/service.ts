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

export type BankSettings = Awaited<ReturnType<typeof getBankSettings>>;

/**
 * Settings are read on every money call and every guarded procedure; each instance keeps them
 * for at most a second (a cache: a change reaches every instance within that second). Built
 * once at start and passed in AppDeps.
 */
export class SettingsCache {
  private cached: { value: Promise<BankSettings>; expiresAt: number } | undefined;

  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 1000,
  ) {}

  get(): Promise<BankSettings> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.value;
    const value = getBankSettings(this.db);
    const entry = { value, expiresAt: Date.now() + this.ttlMs };
    this.cached = entry;
    value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return value;
  }

  /** After a change of the settings in this instance (and in tests that write them directly). */
  forget(): void {
    this.cached = undefined;
  }
}
