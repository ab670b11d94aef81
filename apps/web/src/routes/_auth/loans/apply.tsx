import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '../../../components/coming-soon.tsx';

const loanTypes = ['personal', 'business', 'mortgage', 'education', 'vehicle'] as const;

export const Route = createFileRoute('/_auth/loans/apply')({
  // SPEC.md 2.1: an optional `type` preselects the loan type.
  validateSearch: z.object({ type: z.enum(loanTypes).optional().catch(undefined) }),
  component: () => <ComingSoon title="Apply for Loan" />,
});
