import type { BankSettingsInput } from '@bank/validators/admin';
import { Input, type InputProps, SimpleGrid } from '@chakra-ui/react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { SectionCard } from '../../components/section-card.tsx';

type InformationName =
  | 'bankName'
  | 'routingNumber'
  | 'supportEmail'
  | 'supportPhone'
  | 'bankAddress'
  | 'timeZone';

/** The bank's own details, each a text box: its label, whether it is required, its hint. */
const informationFields: {
  name: InformationName;
  label: string;
  required: boolean;
  helperText?: string;
  input?: InputProps;
}[] = [
  { name: 'bankName', label: 'Bank name', required: true },
  {
    name: 'routingNumber',
    label: 'Routing number',
    required: true,
    helperText: 'The ABA routing number customers give for direct deposits.',
    input: { inputMode: 'numeric', autoComplete: 'off' },
  },
  { name: 'supportEmail', label: 'Support email', required: true, input: { type: 'email' } },
  { name: 'supportPhone', label: 'Support phone', required: true, input: { type: 'tel' } },
  {
    name: 'bankAddress',
    label: 'Address',
    required: false,
    helperText: 'Printed on statements and receipts',
    input: { autoComplete: 'street-address' },
  },
  {
    name: 'timeZone',
    label: 'Time zone',
    required: true,
    helperText: 'Statement months and dates begin in this zone (e.g. America/New_York)',
  },
];

/** The bank's name, routing number, support contacts, address and time zone. */
export function BankInformationFields({ form }: { form: UseFormReturn<BankSettingsInput> }) {
  const { errors } = form.formState;
  return (
    <SectionCard title="Bank Information">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {informationFields.map(({ name, label, required, helperText, input }) => (
          <FormField
            key={name}
            label={label}
            error={errors[name]}
            required={required}
            helperText={helperText}
          >
            <Input {...input} {...form.register(name)} />
          </FormField>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
