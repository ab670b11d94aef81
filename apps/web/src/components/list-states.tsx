import { Center, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';

/** A spinner in place of a list (or a record) while it loads, announced by `label`. */
export function ListSpinner({
  label,
  py = '12',
}: {
  label: string;
  py?: '8' | '10' | '12' | '16';
}) {
  return (
    <Center py={py} role="status">
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
