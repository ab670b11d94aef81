import { createFileRoute } from '@tanstack/react-router';
import { BankSettingsPage } from '../../../features/admin/bank-settings-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/settings')({
  loader: ({ context: { trpc } }) => preload(trpc.settings.get.ensureData(undefined, once)),
  component: BankSettingsPage,
});
