import { analyticsPeriods } from '@bank/validators/oversight';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AnalyticsPage } from '../../../features/admin/analytics-page.tsx';

/** The period lives in the URL: a reload or a shared link keeps it. */
const analyticsSearch = z.object({
  days: z.coerce.number().pipe(z.literal(analyticsPeriods)).optional().catch(undefined),
});

export const Route = createFileRoute('/_auth/admin/analytics')({
  validateSearch: analyticsSearch,
  component: function AnalyticsRoute() {
    const { days } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AnalyticsPage
        days={days ?? 30}
        onDaysChange={(next) => void navigate({ search: { days: next } })}
      />
    );
  },
});
