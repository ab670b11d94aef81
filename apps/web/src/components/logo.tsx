import { HStack, Image, Text } from '@chakra-ui/react';
import { useBank } from '../lib/bank.ts';

/** The bank's mark and name; the image is decorative because the name is written beside it. */
export function Logo({
  size = 8,
  showName = true,
  compact = false,
}: {
  size?: number;
  showName?: boolean;
  /** On a phone the name is for screen readers only (the top bar's room goes to its buttons). */
  compact?: boolean;
}) {
  const bank = useBank();
  return (
    <HStack gap="2">
      <Image src="/logo.svg" alt={showName ? '' : bank.name} boxSize={size} />
      {showName ? (
        <Text
          as="span"
          fontWeight="bold"
          fontSize="lg"
          letterSpacing="tight"
          whiteSpace="nowrap"
          srOnly={compact ? { base: true, sm: false } : undefined}
        >
          {bank.name}
        </Text>
      ) : null}
    </HStack>
  );
}
