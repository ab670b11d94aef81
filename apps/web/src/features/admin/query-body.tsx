import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/alerts.tsx';
import { ListSpinner } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/errors.ts';

/**
 * A user-page section's body for its query: the error, a spinner until the first answer, the
 * section's empty words, or what `children` draws from the data.
 */
export function QueryBody<Data>(props: {
  query: { isError: boolean; error: unknown; data: Data | undefined };
  loadingLabel: string;
  failedMessage: string;
  isEmpty: (data: Data) => boolean;
  empty: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { query } = props;
  if (query.isError)
    return <ErrorAlert>{errorMessage(query.error, props.failedMessage)}</ErrorAlert>;
  if (query.data === undefined) return <ListSpinner label={props.loadingLabel} />;
  if (props.isEmpty(query.data)) return props.empty;
  return props.children(query.data);
}
