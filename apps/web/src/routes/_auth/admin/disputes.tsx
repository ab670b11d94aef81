import { createFileRoute } from '@tanstack/react-router';
import { DisputeQueuePage } from '../../../features/disputes/dispute-queue-page.tsx';

export const Route = createFileRoute('/_auth/admin/disputes')({
  component: DisputeQueuePage,
});
