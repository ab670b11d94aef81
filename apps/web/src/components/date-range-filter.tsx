import { Field, Input } from '@chakra-ui/react';

const rangeEnds = ['startDate', 'endDate'] as const;
type RangeEnd = (typeof rangeEnds)[number];

/**
 * A list filter's first and last day, as two fields of the caller's grid: each bounds the
 * other's picker, and a cleared one reports undefined (the filter is then left out).
 */
export function DateRangeFilter(props: {
  labels: Record<RangeEnd, string>;
  startDate: string | undefined;
  endDate: string | undefined;
  onChange: (end: RangeEnd, day: string | undefined) => void;
}) {
  const { startDate, endDate, onChange } = props;
  // Each end bounds the other's picker.
  const bounds = { startDate: { max: endDate }, endDate: { min: startDate } };
  return (
    <>
      {rangeEnds.map((end) => (
        <Field.Root key={end}>
          <Field.Label>{props.labels[end]}</Field.Label>
          <Input
            type="date"
            value={props[end] ?? ''}
            {...bounds[end]}
            onChange={(event) => onChange(end, event.target.value || undefined)}
          />
        </Field.Root>
      ))}
    </>
  );
}
