import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of every sign-in screen: a title, an optional line under it, and the form. */
export function AuthCard(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root maxW="md" mx="auto" w="full" variant="elevated" size={{ base: 'sm', md: 'md' }}>
      <Card.Body gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {props.title}
          </Heading>
          {props.subtitle ? (
            <Text color="fg.muted" fontSize="sm">
              {props.subtitle}
            </Text>
          ) : null}
        </Stack>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}
