import { RadioCard, SimpleGrid } from '@chakra-ui/react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

export interface MethodOption<T extends string> {
  value: T;
  label: string;
  description: string;
  disabled?: boolean;
}

/** Payment methods as cards: one choice, arrow keys move between them. */
export function MethodChoice<T extends string>(props: {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<MethodOption<T>>;
  onChange: (value: T) => void;
}) {
  const { options, onChange } = props;
  return (
    <RadioCard.Root
      name={props.name}
      value={props.value}
      onValueChange={(details) => {
        const next = options.find((option) => option.value === details.value);
        if (next && !next.disabled) onChange(next.value);
      }}
      size="sm"
    >
      <RadioCard.Label>{props.label}</RadioCard.Label>
      <SimpleGrid columns={{ base: 1, sm: options.length }} gap="3">
        {options.map((option) => (
          <RadioCard.Item key={option.value} value={option.value} disabled={option.disabled}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{option.label}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{option.description}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}

/**
 * The method as a form field. A change clears the form's errors: they were about the fields of
 * the method left.
 */
export function MethodField<Values extends FieldValues, T extends string>(props: {
  form: Pick<UseFormReturn<Values>, 'control' | 'clearErrors'>;
  name: Path<Values>;
  label: string;
  options: ReadonlyArray<MethodOption<T>>;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <MethodChoice
          label={props.label}
          name={field.name}
          value={String(field.value)}
          options={props.options}
          onChange={(value) => {
            field.onChange(value);
            props.form.clearErrors();
          }}
        />
      )}
    />
  );
}
