import { createFileRoute } from '@tanstack/react-router';
import { AllBanksPage } from '../../../features/admin/all-banks-page.tsx';
import { bankListInput, bankSearch } from '../../../features/admin/bank-search.ts';
import { once, preload } from '../../../lib/page-data.ts';

export const Route = createFileRoute('/_auth/admin/banks')({
  validateSearch: bankSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { trpc }, deps }) =>
    preload(trpc.banks.all.ensureData(bankListInput(deps), once)),
  component: function AllBanksRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AllBanksPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
    );
  },
});
