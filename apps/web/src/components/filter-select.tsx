import { Field, NativeSelect } from '@chakra-ui/react';
import { humanize } from '../lib/format.ts';

/**
 * A list filter's select: its first option (`allLabel`) clears the filter; without `allLabel`
 * one of the options is always chosen.
 */
export function FilterSelect<T extends string>(props: {
  label: string;
  value: T | undefined;
  options: readonly T[];
  allLabel?: string;
  size?: 'sm' | 'md';
  /** Only as wide as its options (beside a title), instead of its column's width. */
  compact?: boolean;
  /** The option's words; humanized by default. */
  labelOf?: (option: T) => string;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field.Root {...(props.compact ? { w: 'auto', minW: '40' } : {})}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size={props.size}>
        <NativeSelect.Field
          value={props.value ?? ''}
          onChange={(event) =>
            props.onChange(props.options.find((option) => option === event.target.value))
          }
        >
          {props.allLabel === undefined ? null : <option value="">{props.allLabel}</option>}
          {props.options.map((option) => (
            <option key={option} value={option}>
              {(props.labelOf ?? humanize)(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
