import { auditEvents } from '@bank/validators/audit';
import { isCalendarDay } from '@bank/validators/common';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SecurityPage } from '../../../features/admin/security-page.tsx';

const day = z.string().refine(isCalendarDay).optional().catch(undefined);

/** The audit log's page and filters live in the URL: a reload or a shared link keeps them. */
const securitySearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  event: z.enum(auditEvents).optional().catch(undefined),
  user: z.string().max(254).optional().catch(undefined),
  startDate: day,
  endDate: day,
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
