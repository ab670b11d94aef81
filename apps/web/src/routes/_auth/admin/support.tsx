import { ticketCategories, ticketPriorities, ticketStatuses } from '@bank/validators/support';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SupportManagementPage } from '../../../features/support/support-management-page.tsx';

/** Page, filters and the open ticket live in the URL: a reload or a status change keeps them. */
const supportSearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.enum(ticketStatuses).optional().catch(undefined),
  priority: z.enum(ticketPriorities).optional().catch(undefined),
  category: z.enum(ticketCategories).optional().catch(undefined),
  ticket: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute('/_auth/admin/support')({
  validateSearch: supportSearch,
  component: function SupportManagementRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SupportManagementPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    );
  },
});
