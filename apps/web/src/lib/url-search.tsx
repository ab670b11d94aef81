import type { ComponentType } from 'react';

/** The props of a page whose search (its page, filters, open item) lives in the URL. */
export type UrlSearchProps<Search> = { search: Search; onSearchChange: (next: Search) => void };

/** What the page needs of its route: the search, and navigating to another. */
interface SearchRoute<Search> {
  useSearch: () => Search;
  useNavigate: () => (options: { search: Search }) => Promise<void>;
}

/**
 * A route's page whose search lives in the URL: the route's search goes in, and a change
 * navigates to it, so a reload, the back button and a shared link keep it.
 */
export function UrlSearchPage<Search>(props: {
  route: SearchRoute<NoInfer<Search>>;
  page: ComponentType<UrlSearchProps<Search>>;
}) {
  const search = props.route.useSearch();
  const navigate = props.route.useNavigate();
  const Page = props.page;
  return <Page search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
