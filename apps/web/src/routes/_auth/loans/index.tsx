import { createFileRoute } from '@tanstack/react-router';
import { LoansPage } from '../../../features/loans/loans-page.tsx';

export const Route = createFileRoute('/_auth/loans/')({ component: LoansPage });
