import { loanTypes } from '@bank/validators/enums';
import { createFileRoute } from '@tanstack/react-router';
import { LoanApplyPage } from '../../../features/loans/loan-apply-page.tsx';
import { enumParam, searchSchema, uuidParam } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_auth/loans/apply')({
  // docs/product.md 2.1: an optional `type` preselects the loan type; `id` edits a pending
  // application.
  validateSearch: searchSchema({ type: enumParam(loanTypes), id: uuidParam }),
  component: function LoanApplyRoute() {
    const search = Route.useSearch();
    return <LoanApplyPage type={search.type} loanId={search.id} />;
  },
});
