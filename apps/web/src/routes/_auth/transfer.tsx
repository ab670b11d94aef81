import { createFileRoute } from '@tanstack/react-router';
import { TransferPage } from '../../features/payments/transfer-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

/** `?payee=<id>`: the payees screen's 'Pay' opens the form with that payee chosen. */
function transferSearch(search: Record<string, unknown>): { payee?: string } {
  return typeof search.payee === 'string' ? { payee: search.payee } : {};
}

export const Route = createFileRoute('/_auth/transfer')({
  validateSearch: transferSearch,
  loader: ({ context: { trpc } }) =>
    preload(
      trpc.transactions.balance.ensureData(undefined, once),
      trpc.payees.list.ensureData(undefined, once),
    ),
  component: function TransferRoute() {
    const { payee } = Route.useSearch();
    return <TransferPage initialPayeeId={payee} />;
  },
});
