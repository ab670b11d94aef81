import { Field, Input } from '@chakra-ui/react';

type RangeEnd = 'startDate' | 'endDate';

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
  return (
    <>
      <Field.Root>
        <Field.Label>{props.labels.startDate}</Field.Label>
        <Input
          type="date"
          value={startDate ?? ''}
          max={endDate}
          onChange={(event) => onChange('startDate', event.target.value || undefined)}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{props.labels.endDate}</Field.Label>
        <Input
          type="date"
          value={endDate ?? ''}
          min={startDate}
          onChange={(event) => onChange('endDate', event.target.value || undefined)}
        />
      </Field.Root>
    </>
  );
}
