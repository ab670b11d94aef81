import { rootRouteId, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pageTitle } from '../lib/page-titles.ts';

/** Keeps `document.title` on the page shown ('Transactions · Horizon Bank'). */
export function DocumentTitle() {
  const fullPath = useRouterState({
    select: (state) => {
      const page = state.matches.findLast((match) => match.routeId !== rootRouteId);
      const notFound = state.matches.some((match) => match.status === 'notFound');
      return page && !notFound ? page.fullPath : null;
    },
  });
  useEffect(() => {
    document.title = pageTitle(fullPath);
  }, [fullPath]);
  return null;
}
