import { NativeSelect } from '@chakra-ui/react';

/**
 * A select of saved things (cards, banks, payees) by id. Its first, empty choice (`noneLabel`)
 * is none of them (a new card, details typed in, a new recipient): undefined stands for it.
 */
export function SavedItemSelect<Item extends { id: string }>(props: {
  items: readonly Item[];
  labelOf: (item: Item) => string;
  noneLabel: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      >
        <option value="">{props.noneLabel}</option>
        {props.items.map((item) => (
          <option key={item.id} value={item.id}>
            {props.labelOf(item)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
