import { createFileRoute } from '@tanstack/react-router';
import { webhookSearch } from '../../../features/admin/webhook-search.ts';
import { WebhooksPage } from '../../../features/admin/webhooks-page.tsx';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/admin/webhooks')({
  validateSearch: webhookSearch,
  component: function WebhooksRoute() {
    return <UrlSearchPage route={Route} page={WebhooksPage} />;
  },
});
