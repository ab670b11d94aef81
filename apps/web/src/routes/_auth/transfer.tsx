import { createFileRoute } from '@tanstack/react-router';
import { TransferPage } from '../../features/payments/transfer-page.tsx';

export const Route = createFileRoute('/_auth/transfer')({ component: TransferPage });
