import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

export const Route = createFileRoute('/_auth/withdraw')({
  component: () => <ComingSoon title="Withdraw" />,
});
