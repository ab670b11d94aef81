import type { BankSettingsInput } from '@bank/validators/admin';
import { Checkbox, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { DollarInput } from '../../components/dollar-input.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SectionCard } from '../../components/section-card.tsx';

const asNumber = (value: string) => (value === '' ? Number.NaN : Number(value));

const switches = [
  {
    name: 'fourEyes.limitRaise',
    label: 'Raising a customer’s limit',
    hint: 'A higher withdrawal limit for one customer waits for a second administrator.',
  },
  {
    name: 'fourEyes.adminGrant',
    label: 'Granting the admin role',
    hint: 'Making someone an administrator waits for a second administrator.',
  },
  {
    name: 'fourEyes.freezeLift',
    label: 'Lifting a fraud freeze',
    hint: 'Unfreezing an account frozen for suspected fraud waits for a second administrator.',
  },
] as const;

/** Four eyes: what a second staff member must approve before it runs (the approvals queue). */
export function FourEyesFields({ form }: { form: UseFormReturn<BankSettingsInput> }) {
  const errors = form.formState.errors.fourEyes;
  return (
    <SectionCard title="Second Approval">
      <Text color="fg.muted" fontSize="sm">
        These actions wait in Approvals until another administrator approves them. Nobody approves
        their own request.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Reversals above" error={errors?.reversalAbove} required>
          <DollarInput
            min="0.01"
            registration={form.register('fourEyes.reversalAbove', { setValueAs: asNumber })}
          />
        </FormField>
        <FormField label="Loan approvals above" error={errors?.loanApprovalAbove} required>
          <DollarInput
            min="0.01"
            registration={form.register('fourEyes.loanApprovalAbove', { setValueAs: asNumber })}
          />
        </FormField>
      </SimpleGrid>
      <Stack gap="3">
        {switches.map(({ name, label, hint }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <ControlledCheckbox field={field} checked={field.value === true} topAligned>
                <Stack gap="0.5">
                  <Checkbox.Label>{label}</Checkbox.Label>
                  <Text color="fg.muted" fontSize="sm">
                    {hint}
                  </Text>
                </Stack>
              </ControlledCheckbox>
            )}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}
