import { Accordion, Box, Text } from '@chakra-ui/react';
import { useBank } from '../../lib/bank.ts';
import { faqEntriesFor } from './faq-content.ts';

export function FaqAccordion() {
  const faqEntries = faqEntriesFor(useBank());
  return (
    <Accordion.Root collapsible defaultValue={[faqEntries[0]?.id ?? '']} variant="enclosed">
      {faqEntries.map((entry) => (
        <Accordion.Item key={entry.id} value={entry.id}>
          <Accordion.ItemTrigger cursor="pointer">
            <Box as="span" flex="1" textAlign="start" fontWeight="semibold">
              {entry.question}
            </Box>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody>
              <Text color="fg.muted">{entry.answer}</Text>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
