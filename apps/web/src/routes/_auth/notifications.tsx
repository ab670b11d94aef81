import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/notifications/notifications-page.tsx';
import { once, preload } from '../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/notifications')({
  loader: ({ context: { trpc } }) =>
    preload(trpc.notifications.list.ensureData({ limit: 30 }, once)),
  component: NotificationsPage,
});
