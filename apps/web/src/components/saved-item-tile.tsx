import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { TileCard } from './tile-card.tsx';

/**
 * One saved thing (a bank, a payee) in a TileList: its icon, its name as the tile's heading,
 * the details under it, and the actions below.
 */
export function SavedItemTile(props: {
  icon: ReactNode;
  name: string;
  details: ReactNode;
  actions: ReactNode;
}) {
  return (
    <TileCard>
      <Flex gap="3" align="flex-start">
        <Box
          aria-hidden="true"
          p="2"
          borderRadius="l2"
          bg="brand.subtle"
          color="brand.fg"
          flexShrink="0"
        >
          {props.icon}
        </Box>
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h3" size="sm" wordBreak="break-word">
            {props.name}
          </Heading>
          {props.details}
        </Stack>
      </Flex>
      {props.actions}
    </TileCard>
  );
}

/** A saved thing's Edit and Delete buttons, each named after the thing it acts on. */
export function EditAndDeleteButtons(props: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The pointer or focus came to Edit: a chance to load the edit dialog before the click. */
  onEditIntent?: () => void;
}) {
  return (
    <>
      <Button
        size="xs"
        variant="ghost"
        onClick={props.onEdit}
        onPointerEnter={props.onEditIntent}
        onFocus={props.onEditIntent}
        aria-label={`Edit ${props.name}`}
      >
        <LuPencil aria-hidden="true" /> Edit
      </Button>
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        onClick={props.onDelete}
        aria-label={`Delete ${props.name}`}
      >
        <LuTrash2 aria-hidden="true" /> Delete
      </Button>
    </>
  );
}
