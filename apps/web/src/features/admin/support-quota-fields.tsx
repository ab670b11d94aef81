import type { BankSettingsInput } from '@bank/validators/admin';
import { Input, InputGroup, SimpleGrid, Text } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { SectionCard } from '../../components/section-card.tsx';

type QuotaName = keyof NonNullable<BankSettingsInput['supportQuotas']>;

const quotaFields: { name: QuotaName; label: string; unit: string }[] = [
  { name: 'attachmentMbPerDay', label: 'Attachments a day', unit: 'MB' },
  { name: 'attachmentMbTotal', label: 'Attachments in all', unit: 'MB' },
  { name: 'ticketsPerMinute', label: 'Tickets a minute', unit: 'tickets' },
  { name: 'ticketsPerDay', label: 'Tickets a day', unit: 'tickets' },
  { name: 'chatMessagesPerMinute', label: 'Chat messages a minute', unit: 'messages' },
];

const asNumber = (value: string) => (value === '' ? Number.NaN : Number(value));

/** What one customer may put into support; past it they are asked to wait. */
export function SupportQuotaFields({ form }: { form: UseFormReturn<BankSettingsInput> }) {
  const errors = form.formState.errors.supportQuotas;
  return (
    <SectionCard title="Support Quotas">
      <Text color="fg.muted" fontSize="sm">
        Per customer. Staff are not held to them. Files count for 24 hours a day, and in all.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {quotaFields.map(({ name, label, unit }) => (
          <FormField key={name} label={label} error={errors?.[name]} required>
            <InputGroup endElement={unit}>
              <Input
                type="number"
                inputMode="numeric"
                min="1"
                step="1"
                {...form.register(`supportQuotas.${name}`, { setValueAs: asNumber })}
              />
            </InputGroup>
          </FormField>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
