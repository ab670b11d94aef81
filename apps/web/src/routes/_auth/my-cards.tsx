import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/_auth/my-cards')({
  component: () => <ComingSoon title="My Cards" />,
});
