import type { RouterOutputs } from '../lib/trpc.ts';
import { fixture } from './fixture.ts';

type BankSettings = RouterOutputs['settings']['get'];

/** The bank's settings as an administrator reads them. */
export const makeBankSettings = fixture<BankSettings>(() => ({
  bankName: 'Horizon Bank',
  routingNumber: '121098768',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
  transferLimit: 50000,
  withdrawalLimit: 25000,
  maintenanceMode: false,
  newPayeeLimit: 1000,
  interestRates: { savings: 2.5, loans: { personal: 12.5, business: 10, mortgage: 6.5 } },
  supportQuotas: {
    attachmentMbPerDay: 50,
    attachmentMbTotal: 500,
    ticketsPerMinute: 5,
    ticketsPerDay: 20,
    chatMessagesPerMinute: 30,
  },
  fourEyes: {
    reversalAbove: 1000,
    loanApprovalAbove: 25000,
    limitRaise: true,
    adminGrant: true,
    freezeLift: true,
  },
  bankAddress: '1 Horizon Plaza, New York, NY 10004',
  timeZone: 'America/New_York',
  updatedAt: '2026-11-23T10:00:00.000Z',
}));
