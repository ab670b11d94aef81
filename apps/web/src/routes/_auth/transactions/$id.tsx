import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { ReportProblem } from '../../../features/disputes/report-problem.tsx';
import { TransactionDetailPage } from '../../../features/transactions/transaction-detail-page.tsx';
import { isRecordId, once, preloadRecord } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transactions/$id')({
  loader: ({ context: { trpc }, params }) =>
    preloadRecord(params.id, (id) => trpc.transactions.byId.ensureData({ id }, once)),
  component: function TransactionDetailRoute() {
    const { id } = Route.useParams();
    return (
      <Stack gap="6">
        <TransactionDetailPage id={id} />
        {isRecordId(id) ? <ReportProblem transactionId={id} /> : null}
      </Stack>
    );
  },
});
