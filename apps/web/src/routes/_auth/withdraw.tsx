import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '../../features/payments/withdraw-page.tsx';

export const Route = createFileRoute('/_auth/withdraw')({ component: WithdrawPage });
