import { createFileRoute } from '@tanstack/react-router';
import { LoanDetailPage } from '../../../features/loans/loan-detail-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/loans/$id')({
  loader: ({ context: { trpc }, params }) =>
    preload(trpc.loans.byId.ensureData({ id: params.id }, once)),
  component: function LoanDetailRoute() {
    const { id } = Route.useParams();
    return <LoanDetailPage loanId={id} />;
  },
});
