import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function FullPageSpinner() {
  return (
    <Center minH="60vh" role="status">
      <Spinner size="lg" color="brand.fg" borderWidth="3px" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
