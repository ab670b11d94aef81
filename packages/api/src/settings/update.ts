import { bankSettings } from '@bank/db/schema';
import type { BankSettingsValues } from '@bank/validators/admin';
import { messages } from '@bank/validators/messages';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service.ts';
import type { AppDeps, RequestInfo } from '../deps.ts';
import { toCents } from '../money/cents.ts';
import { publishEvent } from '../realtime/events.ts';
import { ensureBankSettings, type SettingsDto, toSettingsDto } from './service.ts';

const toBps = (rate: number) => Math.round(rate * 100);

/** Where the maintenance notice's 'Learn More' leads (a public page of the SPA). */
export const MAINTENANCE_INFO_PATH = '/maintenance';

/** A flat view for the audit log's old and new values. */
function flatten(dto: SettingsDto): Record<string, string | number | boolean> {
  return {
    bankName: dto.bankName,
    routingNumber: dto.routingNumber,
    supportEmail: dto.supportEmail,
    supportPhone: dto.supportPhone,
    transferLimit: dto.transferLimit,
    withdrawalLimit: dto.withdrawalLimit,
    maintenanceMode: dto.maintenanceMode,
    newPayeeLimit: dto.newPayeeLimit,
    savingsRate: dto.interestRates.savings,
    personalLoanRate: dto.interestRates.loans.personal,
    businessLoanRate: dto.interestRates.loans.business,
    mortgageRate: dto.interestRates.loans.mortgage,
    ...dto.supportQuotas,
    reversalApprovalAbove: dto.fourEyes.reversalAbove,
    loanApprovalAbove: dto.fourEyes.loanApprovalAbove,
    limitRaiseNeedsApproval: dto.fourEyes.limitRaise,
    adminGrantNeedsApproval: dto.fourEyes.adminGrant,
    freezeLiftNeedsApproval: dto.fourEyes.freezeLift,
    bankAddress: dto.bankAddress,
    timeZone: dto.timeZone,
  };
}

/**
 * PUT /admin/settings: one transaction writes the row, the audit entry (old and new values of
 * what changed) and, when maintenance mode changes, the notice every signed-in client receives
 * live. This instance forgets its cached copy at once; the others within a second.
 */
export async function updateBankSettings(
  deps: Pick<AppDeps, 'db' | 'settings'>,
  input: BankSettingsValues,
  act: { actorId: string; request: RequestInfo },
) {
  const saved = await deps.db.transaction(async (tx) => {
    await ensureBankSettings(tx);
    const [current] = await tx
      .select()
      .from(bankSettings)
      .where(eq(bankSettings.id, 1))
      .for('update');
    if (!current) throw new Error('The bank settings row is missing');
    const [row] = await tx
      .update(bankSettings)
      .set({
        bankName: input.bankName,
        ...(input.routingNumber === undefined ? {} : { routingNumber: input.routingNumber }),
        supportEmail: input.supportEmail,
        supportPhone: input.supportPhone,
        transferLimitCents: toCents(input.transferLimit),
        withdrawalLimitCents: toCents(input.withdrawalLimit),
        maintenanceMode: input.maintenanceMode,
        savingsRateBps: toBps(input.interestRates.savings),
        personalLoanRateBps: toBps(input.interestRates.loans.personal),
        businessLoanRateBps: toBps(input.interestRates.loans.business),
        mortgageRateBps: toBps(input.interestRates.loans.mortgage),
        ...input.supportQuotas,
        ...(input.newPayeeLimit === undefined
          ? {}
          : { newPayeeLimitCents: toCents(input.newPayeeLimit) }),
        ...(input.fourEyes
          ? {
              reversalApprovalAboveCents: toCents(input.fourEyes.reversalAbove),
              loanApprovalAboveCents: toCents(input.fourEyes.loanApprovalAbove),
              limitRaiseNeedsApproval: input.fourEyes.limitRaise,
              adminGrantNeedsApproval: input.fourEyes.adminGrant,
              ...(input.fourEyes.freezeLift === undefined
                ? {}
                : { freezeLiftNeedsApproval: input.fourEyes.freezeLift }),
            }
          : {}),
        ...(input.bankAddress === undefined ? {} : { bankAddress: input.bankAddress }),
        ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
        updatedAt: new Date(),
      })
      .where(eq(bankSettings.id, 1))
      .returning();
    if (!row) throw new Error('The bank settings row is missing');
    const before = flatten(toSettingsDto(current));
    const after = flatten(toSettingsDto(row));
    const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        event: 'settings.updated',
        actorId: act.actorId,
        request: act.request,
        details: {
          old: Object.fromEntries(changed.map((key) => [key, before[key]])),
          new: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
      });
    }
    if (current.maintenanceMode !== row.maintenanceMode) {
      await publishEvent(tx, null, {
        type: 'system:maintenance',
        data: row.maintenanceMode
          ? { active: true, message: messages.maintenance, infoUrl: MAINTENANCE_INFO_PATH }
          : { active: false, message: messages.maintenanceOver, infoUrl: MAINTENANCE_INFO_PATH },
      });
    }
    return row;
  });
  deps.settings.forget();
  return { message: 'Settings updated successfully', settings: toSettingsDto(saved) };
}
