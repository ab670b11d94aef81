import {
  ticketAssignments,
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
} from '@bank/validators/enums';
import { createFileRoute } from '@tanstack/react-router';
import { SupportManagementPage } from '../../../features/support/support-management-page.tsx';
import { enumParam, pageParam, searchSchema, uuidParam } from '../../../lib/search-params.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

/** Page, filters and the open ticket live in the URL: a reload or a status change keeps them. */
const supportSearch = searchSchema({
  page: pageParam,
  status: enumParam(ticketStatuses),
  priority: enumParam(ticketPriorities),
  category: enumParam(ticketCategories),
  assigned: enumParam(ticketAssignments),
  ticket: uuidParam,
});

export const Route = createFileRoute('/_auth/admin/support')({
  validateSearch: supportSearch,
  component: function SupportManagementRoute() {
    return <UrlSearchPage route={Route} page={SupportManagementPage} />;
  },
});
