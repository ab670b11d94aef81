import { Skeleton, Stack } from '@chakra-ui/react';

/** Grey rows in place of a list while it loads, announced by `label`. */
export function SkeletonRows(props: {
  label: string;
  rows: number;
  /** A row's height, near a real row's. */
  height: string;
  padding: '2' | '4';
}) {
  return (
    <Stack gap="3" p={props.padding} role="status" aria-label={props.label}>
      {[...Array(props.rows).keys()].map((row) => (
        <Skeleton key={row} height={props.height} />
      ))}
    </Stack>
  );
}
