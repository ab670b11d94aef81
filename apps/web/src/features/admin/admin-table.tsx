import {
  Button,
  Card,
  Center,
  Flex,
  HStack,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A spinner in place of a list while its first page loads. */
export function ListSpinner({ label }: { label: string }) {
  return (
    <Center py="12" role="status">
      <Spinner size="lg" color="brand.fg" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

/** The words in an empty list's box. */
export function EmptyList({ title, hint }: { title: string; hint?: string }) {
  return (
    <Stack align="center" gap="2" p="8" textAlign="center">
      <Text fontWeight="medium">{title}</Text>
      {hint ? (
        <Text color="fg.muted" fontSize="sm">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A bordered box whose table scrolls sideways on a narrow screen instead of widening the page.
 * The scroll area is focusable and named, so keyboard users can scroll it too (axe
 * scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline" overflow="hidden" aria-busy={busy}>
      <Table.ScrollArea
        role="region"
        aria-label={label}
        tabIndex={0}
        focusRingOffset="-2px"
        opacity={busy ? 0.6 : 1}
        transition="opacity 0.15s"
      >
        <Table.Root size="sm" striped={false} aria-label={label}>
          {children}
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}

/** 'Showing X to Y of Z results' with Previous and Next (SPEC.md 2.11, 2.25). */
export function Pagination(props: {
  page: number;
  limit: number;
  count: number;
  total: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { page, limit, count, total, hasNext, onPage } = props;
  const first = total > 0 && count > 0 ? (page - 1) * limit + 1 : 0;
  const last = count > 0 ? (page - 1) * limit + count : 0;
  return (
    <Flex
      as="nav"
      aria-label="Pagination"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
    >
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {`Showing ${first} to ${last} of ${total} results`}
      </Text>
      <HStack gap="2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </HStack>
    </Flex>
  );
}
