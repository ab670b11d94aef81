import { createFileRoute } from '@tanstack/react-router';
import { LoansPage } from '../../../features/loans/loans-page.tsx';
import { firstPage, once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/loans/')({
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.loans.list.ensureData(firstPage, once),
      trpc.loans.types.ensureData(undefined, once),
    ),
  component: LoansPage,
});
