import { createFileRoute } from '@tanstack/react-router';
import { StatementsPage } from '../../features/statements/statements-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/statements')({
  loader: ({ context: { trpc } }) => preload(trpc.statements.list.ensureData(undefined, once)),
  component: StatementsPage,
});
