import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';

interface QueryState<Data> {
  isError: boolean;
  error: unknown;
  data: Data | undefined;
}

/**
 * A user-page section's body for its query: the error, a spinner until the first answer, the
 * section's empty words (when `isEmpty` says so), or what `children` draws from the data.
 */
export function QueryBody<Data>(props: {
  query: QueryState<Data>;
  loadingLabel: string;
  failedMessage: string;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { query } = props;
  if (query.isError)
    return <ErrorAlert>{errorMessage(query.error, props.failedMessage)}</ErrorAlert>;
  if (query.data === undefined) return <ListSpinner label={props.loadingLabel} />;
  if (props.isEmpty?.(query.data)) return props.empty;
  return props.children(query.data);
}

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
