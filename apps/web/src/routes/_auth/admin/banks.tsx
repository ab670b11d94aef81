import { createFileRoute } from '@tanstack/react-router';
import { AllBanksPage } from '../../../features/admin/all-banks-page.tsx';
import { bankListInput, bankSearch } from '../../../features/admin/bank-search.ts';
import { once, preload } from '../../../lib/page-data.ts';
import { UrlSearchPage } from '../../../lib/url-search.tsx';

export const Route = createFileRoute('/_auth/admin/banks')({
  validateSearch: bankSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { trpc }, deps }) =>
    preload(trpc.banks.all.ensureData(bankListInput(deps), once)),
  component: function AllBanksRoute() {
    return <UrlSearchPage route={Route} page={AllBanksPage} />;
  },
});
