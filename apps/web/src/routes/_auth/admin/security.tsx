import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SecurityPage } from '../../../features/admin/security-page.tsx';

const securitySearch = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_auth/admin/security')({
  validateSearch: securitySearch,
  component: function SecurityRoute() {
    const { page } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <SecurityPage
        page={page ?? 1}
        onPageChange={(next) => void navigate({ search: { page: next } })}
      />
    );
  },
});
