import { NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A form's select of a fixed list of values, each in the words `labelOf` gives it; with
 * `placeholder`, an empty first choice asks for one.
 */
export function OptionsSelect<T extends string>(props: {
  registration: UseFormRegisterReturn;
  options: readonly T[];
  labelOf: (option: T) => string;
  placeholder?: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field placeholder={props.placeholder} {...props.registration}>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labelOf(option)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
