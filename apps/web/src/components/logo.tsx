import { HStack, Image, Text } from '@chakra-ui/react';
import { useBank } from '../lib/bank.ts';

/** The bank's mark and name; the image is decorative because the name is written beside it. */
export function Logo({ size = 8, showName = true }: { size?: number; showName?: boolean }) {
  const bank = useBank();
  return (
    <HStack gap="2">
      <Image src="/logo.svg" alt={showName ? '' : bank.name} boxSize={size} />
      {showName ? (
        <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="tight">
          {bank.name}
        </Text>
      ) : null}
    </HStack>
  );
}
