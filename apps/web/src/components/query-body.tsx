import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { ErrorAlert } from './alerts.tsx';
import { ListSpinner } from './list-states.tsx';

export interface QueryState<Data> {
  isError: boolean;
  error: unknown;
  data: Data | undefined;
}

/**
 * What a query brings, in one of its states: the error, a spinner until the first answer, the
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
