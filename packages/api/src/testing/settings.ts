import type { BankSettingsInput } from '@bank/validators/admin';

/** The settings a new bank starts with (settings/service.ts), as the API reads and takes them. */
export const shippedSettings: BankSettingsInput = {
  bankName: 'Horizon Bank',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
  transferLimit: 50_000,
  withdrawalLimit: 25_000,
  maintenanceMode: false,
  interestRates: { savings: 2.5, loans: { personal: 12.5, business: 10, mortgage: 6.5 } },
};
