import { Link as ChakraLink, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuArrowDownToLine, LuArrowUpFromLine, LuHistory, LuSend } from 'react-icons/lu';
import { useCurrentUser } from '../../lib/session.ts';

const quickLinks = [
  { label: 'Transfer Money', to: '/transfer', icon: LuSend },
  { label: 'Deposit Funds', to: '/deposit', icon: LuArrowDownToLine },
  { label: 'Withdraw', to: '/withdraw', icon: LuArrowUpFromLine },
  { label: 'Transaction History', to: '/transactions', icon: LuHistory },
] as const;

/** SPEC.md 2.9 (greeting and quick links now; balances and history come later). */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Welcome back, {user.firstName}
        </Heading>
        <Text color="fg.muted">Here is what you can do today.</Text>
      </Stack>
      <Stack as="section" aria-labelledby="quick-links-heading" gap="3">
        <Heading as="h2" id="quick-links-heading" size="md">
          Quick links
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {quickLinks.map(({ label, to, icon: Icon }) => (
            <ChakraLink
              asChild
              key={to}
              display="flex"
              flexDirection="column"
              alignItems="center"
              gap="2"
              p="4"
              borderWidth="1px"
              borderRadius="l3"
              textAlign="center"
              fontWeight="medium"
              _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            >
              <Link to={to}>
                <Icon size="24" aria-hidden="true" />
                {label}
              </Link>
            </ChakraLink>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack
        as="section"
        aria-labelledby="overview-heading"
        gap="2"
        p="6"
        borderWidth="1px"
        borderStyle="dashed"
        borderRadius="l3"
        bg="bg.subtle"
      >
        <Heading as="h2" id="overview-heading" size="md">
          Account overview
        </Heading>
        <Text color="fg.muted">
          Coming soon: your available balance, income and expenses, and your most recent
          transactions will appear here.
        </Text>
      </Stack>
    </Stack>
  );
}
