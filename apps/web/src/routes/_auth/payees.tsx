import { createFileRoute } from '@tanstack/react-router';
import { PayeesPage } from '../../features/payees/payees-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/payees')({
  loader: ({ context: { trpc } }) => preload(trpc.payees.list.ensureData(undefined, once)),
  component: PayeesPage,
});
