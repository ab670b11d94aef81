import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FilterSelect } from './filter-select.tsx';

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

/**
 * One filter of a list's search, by the search's key: a select of the key's values, or a box
 * (date or search text for a string, a number for a number).
 */
export type FilterField<S> = {
  [K in keyof S & string]-?: NonNullable<S[K]> extends string
    ?
        | {
            key: K;
            label: string;
            options: readonly NonNullable<S[K]>[];
            labelOf?: (option: string) => string;
          }
        | (string extends NonNullable<S[K]>
            ? { key: K; label: string; type: 'date' | 'search'; placeholder?: string }
            : never)
    : NonNullable<S[K]> extends number
      ? { key: K; label: string; type: 'number' }
      : never;
}[keyof S & string];

/** A list's filters as data, in their bordered box. */
export function SearchFilters<S extends { page?: number | undefined }>(props: {
  search: S;
  onChange: (next: S) => void;
  fields: readonly FilterField<S>[];
  columns?: number;
}) {
  return (
    <FilterGrid columns={props.columns ?? props.fields.length}>
      <FilterControls search={props.search} onChange={props.onChange} fields={props.fields} />
    </FilterGrid>
  );
}

/** The filters' controls alone: a change applies to the search and goes back to its first page. */
export function FilterControls<S extends { page?: number | undefined }>(props: {
  search: S;
  onChange: (next: S) => void;
  fields: readonly FilterField<S>[];
}) {
  const { search } = props;
  const set = (key: string, value: string | number | undefined) =>
    props.onChange({ ...search, [key]: value, page: 1 });
  return props.fields.map((field) => {
    const value = search[field.key];
    if ('options' in field) {
      return (
        <FilterSelect
          key={field.key}
          label={field.label}
          allLabel="All"
          size="sm"
          labelOf={field.labelOf}
          value={typeof value === 'string' ? value : undefined}
          options={field.options}
          onChange={(next) => set(field.key, next)}
        />
      );
    }
    return (
      <FilterInput
        key={field.key}
        label={field.label}
        type={field.type}
        placeholder={'placeholder' in field ? field.placeholder : undefined}
        value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
        onChange={(next) => set(field.key, field.type === 'number' && next ? Number(next) : next)}
      />
    );
  });
}
