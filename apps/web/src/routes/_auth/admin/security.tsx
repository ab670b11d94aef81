import { auditEvents } from '@bank/validators/audit-event-names';
import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/admin/security-page.tsx';
import {
  enumParam,
  isoDayParam,
  pageParam,
  searchSchema,
  textParam,
} from '../../../lib/search-params.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

/** The audit log's page and filters live in the URL: a reload or a shared link keeps them. */
const securitySearch = searchSchema({
  page: pageParam,
  event: enumParam(auditEvents),
  user: textParam,
  startDate: isoDayParam,
  endDate: isoDayParam,
});

export const Route = createFileRoute('/_auth/admin/security')({
  validateSearch: securitySearch,
  component: function SecurityRoute() {
    return <UrlSearchPage route={Route} page={SecurityPage} />;
  },
});
