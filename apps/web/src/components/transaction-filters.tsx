import { transactionStatuses, transactionTypes } from '@bank/validators/enums';
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { TransactionFilterValues } from '../lib/transaction-search.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { FilterSelect } from './filter-select.tsx';

const AMOUNT_DELAY_MS = 400;

function parseAmount(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** An amount box that reports a number (or nothing) once typing pauses, or on Enter / blur. */
function AmountFilter(props: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const { value, onCommit } = props;

  // Another change of the URL (Clear filters, back button) resets the box; our own commit
  // leaves what is typed alone ('10.0' stays, though it means 10).
  useEffect(() => {
    setText((current) =>
      parseAmount(current) === value ? current : value === undefined ? '' : String(value),
    );
  }, [value]);

  const parsed = parseAmount(text);
  const valid = parsed === undefined || (Number.isFinite(parsed) && parsed >= 0);

  useEffect(() => {
    if (!valid || parsed === value) return;
    const timer = setTimeout(() => onCommit(parsed), AMOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [parsed, valid, value, onCommit]);

  const commitNow = () => {
    if (valid && parsed !== value) onCommit(parsed);
  };

  return (
    <Field.Root invalid={!valid}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commitNow}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitNow();
        }}
      />
      {valid ? null : <Field.ErrorText>Amount must be positive</Field.ErrorText>}
    </Field.Root>
  );
}

/** docs/product.md 2.11: type, status, dates and amounts; every change reloads page one. */
export function TransactionFilters(props: {
  id: string;
  values: TransactionFilterValues;
  onChange: (next: TransactionFilterValues) => void;
}) {
  const { values, onChange } = props;
  const set = <K extends keyof TransactionFilterValues>(
    key: K,
    value: TransactionFilterValues[K],
  ) => onChange({ ...values, [key]: value });

  return (
    <Stack
      id={props.id}
      as="section"
      aria-label="Transaction filters"
      gap="4"
      p={{ base: '4', md: '5' }}
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.subtle"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <FilterSelect
          label="Type"
          value={values.type}
          allLabel="All types"
          options={transactionTypes}
          onChange={(value) => set('type', value)}
        />
        <FilterSelect
          label="Status"
          value={values.status}
          allLabel="All statuses"
          options={transactionStatuses}
          onChange={(value) => set('status', value)}
        />
        <DateRangeFilter
          labels={{ startDate: 'Start date', endDate: 'End date' }}
          startDate={values.startDate}
          endDate={values.endDate}
          onChange={set}
        />
        <AmountFilter
          label="Minimum amount"
          value={values.minAmount}
          onCommit={(value) => set('minAmount', value)}
        />
        <AmountFilter
          label="Maximum amount"
          value={values.maxAmount}
          onCommit={(value) => set('maxAmount', value)}
        />
      </SimpleGrid>
      <Button
        type="button"
        variant="outline"
        size="sm"
        alignSelf="flex-start"
        onClick={() => onChange({})}
      >
        Clear filters
      </Button>
    </Stack>
  );
}
