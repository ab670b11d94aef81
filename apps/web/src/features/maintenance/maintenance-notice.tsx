import { messages } from '@bank/validators/messages';
import { Box, Link as ChakraLink, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuWrench } from 'react-icons/lu';
import { useBank } from '../../lib/bank.ts';

/**
 * What customers see while the bank is under maintenance (docs/product.md 2.29, 6): the reason,
 * whom to contact, and the promise that the page comes back by itself.
 */
export function MaintenanceNotice() {
  const bank = useBank();
  return (
    <Stack gap="5" align="center" textAlign="center" py={{ base: '6', md: '12' }} role="status">
      <Box
        bg="orange.subtle"
        color="orange.fg"
        borderRadius="full"
        p="4"
        display="inline-flex"
        aria-hidden="true"
      >
        <Icon boxSize="8">
          <LuWrench />
        </Icon>
      </Box>
      <Heading as="h1" size="2xl">
        We’ll be back soon
      </Heading>
      <Text fontSize="lg">{messages.maintenance}</Text>
      <Text color="fg.muted" maxW="md">
        {`${bank.name} is carrying out maintenance. Your money is safe, and this page carries on by itself as soon as online banking is available again.`}
      </Text>
      <Text color="fg.muted">
        Urgent?{' '}
        <ChakraLink href={`mailto:${bank.supportEmail}`} variant="underline">
          {bank.supportEmail}
        </ChakraLink>{' '}
        or{' '}
        <ChakraLink href={`tel:${bank.supportPhone}`} variant="underline">
          {bank.supportPhone}
        </ChakraLink>
      </Text>
    </Stack>
  );
}
