import { createFileRoute } from '@tanstack/react-router';
import { TransferPage } from '../../features/payments/transfer-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/transfer')({
  loader: ({ context: { trpc } }) => preload(trpc.transactions.balance.ensureData(undefined, once)),
  component: TransferPage,
});
