import { createFileRoute } from '@tanstack/react-router';
import { DisputesPage } from '../../features/disputes/disputes-page.tsx';
import { searchSchema, uuidParam } from '../../lib/search-params.ts';

export const Route = createFileRoute('/_auth/disputes')({
  validateSearch: searchSchema({ dispute: uuidParam }),
  component: function DisputesRoute() {
    const { dispute } = Route.useSearch();
    return <DisputesPage highlight={dispute} />;
  },
});
