import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TicketDetailPage } from '../../../features/support/ticket-detail-page.tsx';

export const Route = createFileRoute('/_auth/support/$id')({
  // `?chat=true` opens the chat at once (the Live Chat button).
  validateSearch: z.object({ chat: z.boolean().optional().catch(undefined) }),
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
