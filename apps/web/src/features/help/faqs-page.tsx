import { Link as ChakraLink, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { FaqAccordion } from './faq-accordion.tsx';

/** The Help Center's questions for signed-in customers (linked from the ticket list). */
export function FaqsPage() {
  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          Frequently Asked Questions
        </Heading>
        <Text color="fg.muted">Answers to the questions our customers ask most often.</Text>
      </Stack>
      <FaqAccordion />
      <Text>
        Didn't find your answer?{' '}
        <ChakraLink asChild variant="underline">
          <Link to="/contact">Contact us</Link>
        </ChakraLink>{' '}
        or{' '}
        <ChakraLink asChild variant="underline">
          <Link to="/support/create">create a support ticket</Link>
        </ChakraLink>
        .
      </Text>
    </Stack>
  );
}
