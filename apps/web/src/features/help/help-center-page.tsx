import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { BackToSignInLink } from '../../components/back-to-sign-in-link.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useBank } from '../../lib/bank.ts';
import { FaqAccordion } from './faq-accordion.tsx';

/** docs/product.md 2.8: the public Help Center. */
export function HelpCenterPage() {
  const bank = useBank();
  return (
    <Stack gap="6">
      <PageTitle title="Help Center" gap="2">
        Answers to the questions our customers ask most often.
      </PageTitle>
      <FaqAccordion />
      <Text>
        Still need help?{' '}
        <ChakraLink href={`mailto:${bank.supportEmail}`} variant="underline">
          Contact us
        </ChakraLink>{' '}
        at {bank.supportEmail} or call{' '}
        <Text as="span" whiteSpace="nowrap">
          {bank.supportPhone}
        </Text>
        .
      </Text>
      <Text fontSize="sm">
        <BackToSignInLink />
      </Text>
    </Stack>
  );
}
