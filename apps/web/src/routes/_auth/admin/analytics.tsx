import { analyticsPeriods } from '@bank/validators/enums';
import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/admin/analytics-page.tsx';
import { type ParamParser, searchSchema } from '../../../lib/search-params.ts';

const periodParam: ParamParser<(typeof analyticsPeriods)[number]> = (value) =>
  analyticsPeriods.find((period) => String(period) === String(value));

/** The period lives in the URL: a reload or a shared link keeps it. */
const analyticsSearch = searchSchema({ days: periodParam });

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
