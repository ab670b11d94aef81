import { Link as ChakraLink, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** A plain document page (terms, privacy). */
export function LegalPage(props: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <Stack gap="6" as="article">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {props.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Last updated {props.updated}
        </Text>
      </Stack>
      {props.sections.map((section) => (
        <Stack as="section" gap="2" key={section.heading}>
          <Heading as="h2" size="md">
            {section.heading}
          </Heading>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} color="fg.muted" lineHeight="tall">
              {paragraph}
            </Text>
          ))}
        </Stack>
      ))}
      <Text fontSize="sm">
        <ChakraLink asChild variant="underline">
          <Link to="/register">Back to registration</Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}
