import { RadioCard, SimpleGrid } from '@chakra-ui/react';

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
  value: T;
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
