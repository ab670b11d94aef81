import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';

export const Route = createFileRoute('/_auth/support/create')({
  component: () => <ComingSoon title="Create Support Ticket" />,
});
