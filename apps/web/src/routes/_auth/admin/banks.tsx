import { createFileRoute } from '@tanstack/react-router';
import { AllBanksPage } from '../../../features/admin/all-banks-page.tsx';

export const Route = createFileRoute('/_auth/admin/banks')({
  component: AllBanksPage,
});
