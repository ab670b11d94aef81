import { createFileRoute } from '@tanstack/react-router';
import { BankSettingsPage } from '../../../features/admin/bank-settings-page.tsx';

export const Route = createFileRoute('/_auth/admin/settings')({ component: BankSettingsPage });
