import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { humanize } from '../../lib/format.ts';

/** A select whose first option, 'All', clears the filter (docs/product.md 2.25-2.28). */
export function FilterSelect<T extends string>(props: {
  label: string;
  value: T | undefined;
  options: readonly T[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={props.value ?? ''}
          onChange={(event) =>
            props.onChange(props.options.find((option) => option === event.target.value))
          }
        >
          <option value="">All</option>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {humanize(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A text, date or number filter, applied on leaving the field or Enter: no reload per key. */
export function FilterInput(props: {
  label: string;
  type: 'date' | 'number' | 'search';
  value: string | number | undefined;
  placeholder?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <Input
        size="sm"
        type={props.type}
        min={props.type === 'number' ? '0' : undefined}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ''}
        onBlur={(event) => props.onChange(event.target.value.trim() || undefined)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') props.onChange(event.currentTarget.value.trim() || undefined);
        }}
      />
    </Field.Root>
  );
}

/** The filters' box: one column on a phone, `columns` on a wide screen. */
export function FilterGrid({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2, lg: columns }}
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      role="group"
      aria-label="Filters"
    >
      {children}
    </SimpleGrid>
  );
}
