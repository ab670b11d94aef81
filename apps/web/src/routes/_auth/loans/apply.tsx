import { loanTypes } from '@bank/validators/loans';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoanApplyPage } from '../../../features/loans/loan-apply-page.tsx';

export const Route = createFileRoute('/_auth/loans/apply')({
  // SPEC.md 2.1: an optional `type` preselects the loan type; `id` edits a pending application.
  validateSearch: z.object({
    type: z.enum(loanTypes).optional().catch(undefined),
    id: z.uuid().optional().catch(undefined),
  }),
  component: function LoanApplyRoute() {
    const search = Route.useSearch();
    return <LoanApplyPage type={search.type} loanId={search.id} />;
  },
});
