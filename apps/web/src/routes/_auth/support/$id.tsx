import { createFileRoute } from '@tanstack/react-router';
import { TicketDetailPage } from '../../../features/support/ticket-detail-page.tsx';
import { once, preload } from '../../../lib/page-data.ts';
import { flagParam, searchSchema } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_auth/support/$id')({
  loader: ({ context: { trpc }, params }) =>
    preload(trpc.support.byId.ensureData({ id: params.id }, once)),
  // `?chat=true` opens the chat at once (the Live Chat button).
  validateSearch: searchSchema({ chat: flagParam }),
  component: function TicketDetailRoute() {
    const { id } = Route.useParams();
    const { chat } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <TicketDetailPage
        id={id}
        chatOpen={chat === true}
        onChatOpenChange={(open) =>
          void navigate({ search: open ? { chat: true } : {}, replace: true })
        }
      />
    );
  },
});
