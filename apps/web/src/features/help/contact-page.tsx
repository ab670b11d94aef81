import {
  Button,
  Card,
  Link as ChakraLink,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuMail, LuMessageSquarePlus, LuPhone } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.tsx';
import { useBank } from '../../lib/bank.ts';

function ContactCard(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="3">
        <Stack direction="row" align="center" gap="2" color="brand.fg">
          {props.icon}
          <Heading as="h2" size="md" color="fg">
            {props.title}
          </Heading>
        </Stack>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

/** How to reach the bank (linked as Contact Us from the ticket list). */
export function ContactPage() {
  const bank = useBank();
  return (
    <Stack gap="6">
      <PageTitle title="Contact Us" gap="2">
        Our support team is available 24 hours a day, 7 days a week.
      </PageTitle>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <ContactCard icon={<LuMail aria-hidden="true" />} title="Email">
          <Text fontSize="sm" color="fg.muted">
            We answer within one business day.
          </Text>
          <ChakraLink
            href={`mailto:${bank.supportEmail}`}
            variant="underline"
            wordBreak="break-all"
          >
            {bank.supportEmail}
          </ChakraLink>
        </ContactCard>
        <ContactCard icon={<LuPhone aria-hidden="true" />} title="Phone">
          <Text fontSize="sm" color="fg.muted">
            Toll-free from anywhere in the US.
          </Text>
          <ChakraLink href={`tel:${bank.supportPhone}`} variant="underline">
            {bank.supportPhone}
          </ChakraLink>
        </ContactCard>
        <ContactCard icon={<LuMessageSquarePlus aria-hidden="true" />} title="Support ticket">
          <Text fontSize="sm" color="fg.muted">
            Describe your question and chat with an agent.
          </Text>
          <Button asChild size="sm" alignSelf="flex-start">
            <Link to="/support/create">Create a ticket</Link>
          </Button>
        </ContactCard>
      </SimpleGrid>
    </Stack>
  );
}
