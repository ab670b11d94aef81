import { Text } from '@chakra-ui/react';

/** A browser's user agent on one line, whole on hover; a dash when none was recorded. */
export function Device({ userAgent }: { userAgent: string | null }) {
  if (!userAgent) return <>—</>;
  return (
    <Text maxW="56" truncate title={userAgent}>
      {userAgent}
    </Text>
  );
}
