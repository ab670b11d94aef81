import type { Executor } from '@bank/db';
import { bankSettings } from '@bank/db/schema';
import { eq } from 'drizzle-orm';
import { toDollars } from '../money/cents.ts';

/** docs/product.md 9's sample values, the settings a new bank starts with. */
export const defaultBankSettings = {
  id: 1,
  bankName: 'Horizon Bank',
  // A number of our choosing with a valid ABA check digit; a real bank sets the one it was given.
  routingNumber: '121098768',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
  transferLimitCents: 5_000_000n,
  withdrawalLimitCents: 2_500_000n,
  maintenanceMode: false,
  savingsRateBps: 250,
  personalLoanRateBps: 1250,
  businessLoanRateBps: 1000,
  mortgageRateBps: 650,
  // Support quotas per customer (README): enough for any real conversation.
  attachmentMbPerDay: 50,
  attachmentMbTotal: 500,
  ticketsPerMinute: 5,
  ticketsPerDay: 20,
  chatMessagesPerMinute: 30,
  newPayeeLimitCents: 100_000n,
  // Four eyes (docs/product.md): a second staff member above these, and for these.
  reversalApprovalAboveCents: 100_000n,
  loanApprovalAboveCents: 2_500_000n,
  limitRaiseNeedsApproval: true,
  adminGrantNeedsApproval: true,
  freezeLiftNeedsApproval: true,
  bankAddress: '1 Horizon Plaza, New York, NY 10004',
  timeZone: 'America/New_York',
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
 *
 * In use, they are read again in the background during the last fifth of that second, so no
 * call waits for the read (one batch of the money desk a second did, which made the money
 * bench's 99th percentile: docs/benchmarks.md). What a call gets was still read at most a second
 * before.
 */
export class SettingsCache {
  private cached: { value: Promise<BankSettings>; expiresAt: number } | undefined;
  /** The read in the background, if one is under way. */
  private refreshing: Promise<unknown> | undefined;
  /** Bumped by `forget`: a read begun before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Executor,
    private readonly ttlMs = 1000,
  ) {}

  get(): Promise<BankSettings> {
    const now = Date.now();
    const cached = this.cached;
    if (cached && cached.expiresAt > now) {
      if (!this.refreshing && now >= cached.expiresAt - this.ttlMs / 5) this.refresh(now);
      return cached.value;
    }
    return this.read(now).value;
  }

  /** After a change of the settings in this instance (and in tests that write them directly). */
  forget(): void {
    this.cached = undefined;
    this.generation += 1;
  }

  private read(now: number) {
    const entry = { value: getBankSettings(this.db), expiresAt: now + this.ttlMs };
    this.cached = entry;
    entry.value.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return entry;
  }

  /** Reads again; the entry replaces the cached one once it has its value, never before. */
  private refresh(now: number) {
    const generation = this.generation;
    const value = getBankSettings(this.db);
    const done = () => {
      if (this.refreshing === settled) this.refreshing = undefined;
    };
    const settled = value.then(
      () => {
        done();
        const expiresAt = now + this.ttlMs;
        if (this.generation === generation && expiresAt > (this.cached?.expiresAt ?? 0))
          this.cached = { value, expiresAt };
      },
      // A failed refresh changes nothing: the cached entry expires, and the next call reads.
      done,
    );
    this.refreshing = settled;
  }
}

const toRate = (bps: number) => bps / 100;

/** The settings as docs/product.md 3 names them: dollars and percentages. */
export function toSettingsDto(settings: BankSettings) {
  return {
    bankName: settings.bankName,
    routingNumber: settings.routingNumber,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    transferLimit: toDollars(settings.transferLimitCents),
    withdrawalLimit: toDollars(settings.withdrawalLimitCents),
    maintenanceMode: settings.maintenanceMode,
    newPayeeLimit: toDollars(settings.newPayeeLimitCents),
    interestRates: {
      savings: toRate(settings.savingsRateBps),
      loans: {
        personal: toRate(settings.personalLoanRateBps),
        business: toRate(settings.businessLoanRateBps),
        mortgage: toRate(settings.mortgageRateBps),
      },
    },
    supportQuotas: {
      attachmentMbPerDay: settings.attachmentMbPerDay,
      attachmentMbTotal: settings.attachmentMbTotal,
      ticketsPerMinute: settings.ticketsPerMinute,
      ticketsPerDay: settings.ticketsPerDay,
      chatMessagesPerMinute: settings.chatMessagesPerMinute,
    },
    fourEyes: {
      reversalAbove: toDollars(settings.reversalApprovalAboveCents),
      loanApprovalAbove: toDollars(settings.loanApprovalAboveCents),
      limitRaise: settings.limitRaiseNeedsApproval,
      adminGrant: settings.adminGrantNeedsApproval,
      freezeLift: settings.freezeLiftNeedsApproval,
    },
    bankAddress: settings.bankAddress,
    timeZone: settings.timeZone,
    updatedAt: settings.updatedAt.toISOString(),
  };
}
export type SettingsDto = ReturnType<typeof toSettingsDto>;

/** What anyone may read: the bank's identity for the layout, and whether it is open. */
export function publicBankProfile(settings: BankSettings) {
  return {
    bankName: settings.bankName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    maintenanceMode: settings.maintenanceMode,
  };
}
