import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '../../features/payments/deposit-page.tsx';

export const Route = createFileRoute('/_auth/deposit')({ component: DepositPage });
