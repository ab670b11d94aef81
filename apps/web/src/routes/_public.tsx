import { createFileRoute, redirect } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { PublicLayout } from '../features/shell/public-layout.tsx';
import { isFullySignedIn, loadSession } from '../lib/session.ts';

export const Route = createFileRoute('/_public')({
  beforeLoad: async ({ context }) => {
    const session = await loadSession(context.trpc);
    // docs/product.md 2.1: an already signed-in visitor goes to the dashboard.
    if (isFullySignedIn(session)) throw redirect({ to: '/' });
    return { session };
  },
  pendingComponent: FullPageSpinner,
  component: PublicLayout,
});
