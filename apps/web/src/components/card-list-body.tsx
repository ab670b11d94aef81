import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { ErrorAlert } from './alerts.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

/**
 * The body of a dashboard card that lists what a query brings: skeleton rows while it loads,
 * the error, the empty text, or the list drawn by `children`.
 */
export function CardListBody<Data, List extends readonly unknown[]>(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: Data | undefined };
  items: (data: Data) => List;
  loadingLabel: string;
  /** The skeleton rows' height, near a real row's. */
  rowHeight: string;
  failedMessage: string;
  emptyText: string;
  children: (items: List) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return (
      <SkeletonRows label={props.loadingLabel} rows={3} height={props.rowHeight} padding="4" />
    );
  }
  if (query.isError) {
    return (
      <Box p="4">
        <ErrorAlert>{errorMessage(query.error, props.failedMessage)}</ErrorAlert>
      </Box>
    );
  }
  const items = query.data === undefined ? undefined : props.items(query.data);
  if (items === undefined || items.length === 0) {
    return (
      <Text p="6" textAlign="center" color="fg.muted">
        {props.emptyText}
      </Text>
    );
  }
  return props.children(items);
}
