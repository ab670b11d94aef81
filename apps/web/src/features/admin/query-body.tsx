import type { ReactNode } from 'react';
import { QueryBody, type QueryState } from '../../components/query-body.tsx';
import { SectionCard } from '../../components/section-card.tsx';

/**
 * A user-page section with a query of its own; its spinner and its failure are named after its
 * title ("Loading freezes and holds", "Failed to load freezes and holds").
 */
export function QuerySection<Data>(props: {
  title: string;
  query: QueryState<Data>;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { title, ...body } = props;
  const named = title.toLowerCase();
  return (
    <SectionCard title={title}>
      <QueryBody
        {...body}
        loadingLabel={`Loading ${named}`}
        failedMessage={`Failed to load ${named}`}
      />
    </SectionCard>
  );
}
