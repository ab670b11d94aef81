import { createFileRoute } from '@tanstack/react-router';
import { LoanDetailPage } from '../../../features/loans/loan-detail-page.tsx';

export const Route = createFileRoute('/_auth/loans/$id')({
  component: function LoanDetailRoute() {
    const { id } = Route.useParams();
    return <LoanDetailPage loanId={id} />;
  },
});
