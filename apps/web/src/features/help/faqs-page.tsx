import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { FaqAccordion } from './faq-accordion.tsx';

/** The Help Center's questions for signed-in customers (linked from the ticket list). */
export function FaqsPage() {
  return (
    <Stack gap="6" maxW="3xl">
      <PageTitle title="Frequently Asked Questions" gap="2">
        Answers to the questions our customers ask most often.
      </PageTitle>
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
