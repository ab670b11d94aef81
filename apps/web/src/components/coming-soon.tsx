import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuConstruction } from 'react-icons/lu';

/** An honest placeholder for a screen that a later release brings. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Stack
        align="center"
        textAlign="center"
        gap="3"
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="l3"
        p={{ base: '6', md: '10' }}
        bg="bg.subtle"
      >
        <LuConstruction size="32" aria-hidden="true" />
        <Text fontWeight="semibold">Coming soon</Text>
        <Text color="fg.muted" maxW="md">
          This part of online banking is being built and will be available in an upcoming release.
        </Text>
        {children}
      </Stack>
    </Stack>
  );
}
