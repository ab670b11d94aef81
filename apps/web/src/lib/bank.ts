import { trpc } from './trpc.ts';

/**
 * The bank's identity until the server has answered (and in tests): docs/product.md 9's sample
 * values, which are also what a new bank's settings start with.
 */
export const defaultBank = {
  name: 'Horizon Bank',
  tagline: 'Secure banking solutions for a brighter financial future.',
  supportEmail: 'support@horizonbank.example',
  supportPhone: '1-800-555-0199',
};

export type BankIdentity = typeof defaultBank & { maintenanceMode: boolean };

/**
 * The bank's public profile as an administrator set it (/admin/settings): the name and support
 * contacts shown in the layout, help and error pages, and whether maintenance is on.
 */
export function useBank(): BankIdentity {
  const { data } = trpc.settings.public.useQuery(undefined, { staleTime: 60_000 });
  if (!data) return { ...defaultBank, maintenanceMode: false };
  return {
    name: data.bankName,
    tagline: defaultBank.tagline,
    supportEmail: data.supportEmail,
    supportPhone: data.supportPhone,
    maintenanceMode: data.maintenanceMode,
  };
}
