import { createFileRoute } from '@tanstack/react-router';
import { ScheduleFormPage } from '../../../../features/scheduled/schedule-form-page.tsx';
import { once, preload } from '../../../../lib/page-data.ts';

/** `?payee=<id>&amount=<dollars>`: the transfer screen's "Schedule" carries what was typed. */
function scheduleSearch(search: Record<string, unknown>): { payee?: string; amount?: number } {
  const amount = Number(search.amount);
  return {
    ...(typeof search.payee === 'string' ? { payee: search.payee } : {}),
    ...(Number.isFinite(amount) && amount > 0 ? { amount } : {}),
  };
}

export const Route = createFileRoute('/_auth/transfers/scheduled/new')({
  validateSearch: scheduleSearch,
  loader: ({ context: { trpc } }) => preload(trpc.payees.list.ensureData(undefined, once)),
  component: function ScheduleRoute() {
    const { payee, amount } = Route.useSearch();
    return <ScheduleFormPage payeeId={payee} amount={amount} />;
  },
});
