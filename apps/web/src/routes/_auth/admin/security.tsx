import { auditEvents } from '@bank/validators/audit-events';
import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/admin/security-page.tsx';
import {
  enumParam,
  isoDayParam,
  pageParam,
  searchSchema,
  textParam,
} from '../../../lib/search-params.ts';

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
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SecurityPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
    );
  },
});
