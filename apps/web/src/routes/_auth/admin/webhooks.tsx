import { createFileRoute } from '@tanstack/react-router';
import { webhookSearch } from '../../../features/admin/webhook-search.ts';
import { WebhooksPage } from '../../../features/admin/webhooks-page.tsx';

export const Route = createFileRoute('/_auth/admin/webhooks')({
  validateSearch: webhookSearch,
  component: function WebhooksRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <WebhooksPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
    );
  },
});
