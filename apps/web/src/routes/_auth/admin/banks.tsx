import { createFileRoute } from '@tanstack/react-router';
import { AllBanksPage } from '../../../features/admin/all-banks-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/banks')({
  loader: ({ context: { trpc } }) => preload(trpc.banks.all.ensureData(undefined, once)),
  component: AllBanksPage,
});
