import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

export type RecentRecipient = RouterOutputs['transactions']['recentRecipients'][number];

function initialsOf(name: string | null): string {
  const words = (name ?? '').split(/\s+/).filter((word) => /\p{L}/u.test(word));
  return (
    words
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || '#'
  );
}

/** Whom the customer paid lately (newest first): one tap fills the form with their details. */
export function RecentRecipients(props: { onPick: (recipient: RecentRecipient) => void }) {
  const recent = trpc.transactions.recentRecipients.useQuery();
  const recipients = recent.data ?? [];
  if (recipients.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="recent-recipients-heading" gap="2">
      <Text id="recent-recipients-heading" fontSize="sm" fontWeight="medium">
        Recent recipients
      </Text>
      <Flex as="ul" gap="2" wrap="wrap" m="0" p="0" listStyleType="none">
        {recipients.map((recipient) => {
          const name = recipient.name ?? 'External account';
          const last4 = recipient.accountNumber.slice(-4);
          return (
            <Box as="li" key={`${recipient.accountNumber}-${recipient.routingNumber ?? ''}`}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                h="auto"
                py="1.5"
                ps="1.5"
                borderRadius="full"
                onClick={() => props.onPick(recipient)}
              >
                <HStack gap="2">
                  <Flex
                    boxSize="7"
                    borderRadius="full"
                    bg="brand.subtle"
                    color="brand.fg"
                    align="center"
                    justify="center"
                    fontSize="xs"
                    fontWeight="bold"
                    aria-hidden="true"
                  >
                    {initialsOf(recipient.name)}
                  </Flex>
                  <Stack gap="0" align="flex-start" lineHeight="short">
                    <Text fontSize="sm" fontWeight="medium">
                      {name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                      {recipient.bank === 'horizon' ? 'Horizon Bank' : 'Other bank'} · ending{' '}
                      {last4}
                    </Text>
                  </Stack>
                </HStack>
              </Button>
            </Box>
          );
        })}
      </Flex>
    </Stack>
  );
}
