import { Box, type BoxProps, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';
import { useConfirmation } from './confirm-dialog.tsx';
import { ListSpinner } from './list-states.tsx';

/**
 * What the saved things are called, once and many times: the list's texts are made from it
 * ('Loading banks', 'Error loading banks', 'Delete bank', 'Failed to delete bank').
 */
type Noun = { one: string; many: string };

/** A list query's state: undefined data until the list comes. */
type ListQuery<Item> = { data?: { data: readonly Item[] }; isError: boolean };

type TileListProps<Item> = {
  label: string;
  noun: Noun;
  list: ListQuery<Item>;
  emptyText: string;
  tile: (item: Item) => ReactNode;
};

/**
 * A customer's saved things (banks, payees) as tiles, two a row on wider screens, in one of
 * four states: a spinner until the list comes, the error, the empty box, or the tiles.
 */
function TileList<Item extends { id: string }>(props: TileListProps<Item>) {
  const items = props.list.data?.data;
  if (props.list.isError) {
    return (
      <Text color="fg.error" role="alert" p="4" borderWidth="1px" borderRadius="l3">
        {`Error loading ${props.noun.many}`}
      </Text>
    );
  }
  if (!items) {
    return <ListSpinner label={`Loading ${props.noun.many}`} py="10" />;
  }
  if (items.length === 0) {
    return (
      <Text color="fg.muted" p="6" borderWidth="1px" borderStyle="dashed" borderRadius="l3">
        {props.emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid as="ul" aria-label={props.label} columns={{ base: 1, md: 2 }} gap="4" m="0" p="0">
      {items.map(props.tile)}
    </SimpleGrid>
  );
}

/** What a saved thing's tile is given to act on it: its Edit and Delete buttons call these. */
export type TileActions = { onEdit: () => void; onDelete: () => void };

/**
 * A customer's saved things (banks, payees) under their heading, each tile with Edit and Delete:
 * Edit opens the thing's edit dialog, Delete asks first and then deletes.
 */
export function SavedItemsSection<Item extends { id: string; name: string }>(
  props: Omit<TileListProps<Item>, 'tile'> &
    Pick<BoxProps, 'flex' | 'w'> & {
      heading: string;
      /** Deletes one after the confirmation; `reload` refreshes the list after. */
      remove: Remover;
      reload: () => Promise<unknown>;
      tile: (item: Item, actions: TileActions) => ReactNode;
      /** The edit dialog, open, for `item`; `close` closes it. */
      editDialog: (item: Item, close: () => void) => ReactNode;
    },
) {
  const { heading, remove, reload, tile, editDialog, flex, w, ...list } = props;
  const headingId = useId();
  const [editing, setEditing] = useState<Item | null>(null);
  const deletion = useDeleteConfirmation<Item>(props.noun, remove, reload);
  return (
    <Box as="section" aria-labelledby={headingId} flex={flex} w={w}>
      <Heading as="h2" id={headingId} size="md" mb="3">
        {heading}
      </Heading>
      <TileList
        {...list}
        tile={(item) =>
          tile(item, { onEdit: () => setEditing(item), onDelete: () => deletion.ask(item) })
        }
      />
      {editing ? editDialog(editing, () => setEditing(null)) : null}
      {deletion.dialog}
    </Box>
  );
}

type Remover = {
  mutateAsync: (input: { id: string }) => Promise<{ message: string }>;
  isPending: boolean;
};

/** Deleting a saved thing after a confirmation that names it; the list reloads after. */
function useDeleteConfirmation<Item extends { id: string; name: string }>(
  noun: Noun,
  remove: Remover,
  reload: () => Promise<unknown>,
) {
  return useConfirmation<Item>({
    title: `Delete ${noun.one}`,
    confirmLabel: 'Delete',
    pending: remove.isPending,
    question: (item) => `Are you sure you want to delete ${item.name}?`,
    run: (item) => remove.mutateAsync({ id: item.id }),
    reload,
    failedMessage: `Failed to delete ${noun.one}`,
  });
}
