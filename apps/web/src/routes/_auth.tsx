import { createFileRoute, redirect } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { guardProtectedPage, loadSession } from '../lib/session.ts';

export const Route = createFileRoute('/_auth')({
  // docs/product.md 4: initialise the session, then the guard order (sign-in, role, e-mail, 2FA).
  beforeLoad: async ({ context, location }) => {
    const session = await loadSession(context.trpc);
    const target = guardProtectedPage(session, location.href, location.pathname);
    if (target?.to === '/login') {
      throw redirect({ to: '/login', search: { redirect: target.redirect } });
    }
    if (target) throw redirect({ to: target.to });
    return { session };
  },
  pendingComponent: FullPageSpinner,
  component: AppLayout,
});
