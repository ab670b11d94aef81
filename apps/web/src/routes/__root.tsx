import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router.tsx';
import { DeferredToaster } from '../components/deferred-toaster.tsx';
import { DocumentTitle } from '../components/document-title.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { ServerErrorPage } from '../features/errors/server-error-page.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: ServerErrorPage,
});

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <DeferredToaster />
    </>
  );
}
