import { type BankSettingsInput, bankSettingsInput } from '@bank/validators/admin';
import {
  Button,
  Checkbox,
  Heading,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { DollarInput } from '../../components/dollar-input.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ListSpinner } from '../../components/list-states.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { showDetailsAtFields } from '../../lib/field-errors.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { BankInformationFields } from './bank-information-fields.tsx';
import { FourEyesFields } from './four-eyes-fields.tsx';
import { SupportQuotaFields } from './support-quota-fields.tsx';

/** docs/product.md 9: the success message clears after 3 seconds. */
export const SUCCESS_CLEAR_MS = 3000;

type Settings = RouterOutputs['settings']['get'];

const settingsFields = [
  'bankName',
  'routingNumber',
  'supportEmail',
  'supportPhone',
  'transferLimit',
  'withdrawalLimit',
  'newPayeeLimit',
  'maintenanceMode',
  'interestRates.savings',
  'interestRates.loans.personal',
  'interestRates.loans.business',
  'interestRates.loans.mortgage',
  'supportQuotas.attachmentMbPerDay',
  'supportQuotas.attachmentMbTotal',
  'supportQuotas.ticketsPerMinute',
  'supportQuotas.ticketsPerDay',
  'supportQuotas.chatMessagesPerMinute',
  'fourEyes.reversalAbove',
  'fourEyes.loanApprovalAbove',
  'fourEyes.limitRaise',
  'fourEyes.adminGrant',
  'fourEyes.freezeLift',
  'bankAddress',
  'timeZone',
] as const satisfies readonly FieldPath<BankSettingsInput>[];

function isSettingsField(field: string): field is (typeof settingsFields)[number] {
  return settingsFields.some((name) => name === field);
}

const asNumber = (value: string) => (value === '' ? Number.NaN : Number(value));

function SettingsForm({ settings }: { settings: Settings }) {
  const utils = trpc.useUtils();
  const save = trpc.settings.update.useMutation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BankSettingsInput>({
    resolver: zodResolver(bankSettingsInput),
    mode: 'onTouched',
    defaultValues: {
      bankName: settings.bankName,
      routingNumber: settings.routingNumber,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      transferLimit: settings.transferLimit,
      withdrawalLimit: settings.withdrawalLimit,
      newPayeeLimit: settings.newPayeeLimit,
      maintenanceMode: settings.maintenanceMode,
      interestRates: settings.interestRates,
      supportQuotas: settings.supportQuotas,
      fourEyes: settings.fourEyes,
      bankAddress: settings.bankAddress,
      timeZone: settings.timeZone,
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const result = await save.mutateAsync(values);
      form.reset(result.settings);
      utils.settings.get.setData(undefined, result.settings);
      await utils.settings.public.invalidate();
      setSaved(true);
    } catch (error) {
      const atFields = showDetailsAtFields(error, isSettingsField, form.setError);
      setFailure(atFields ? '' : errorMessage(error, ''));
    }
  });

  const money = (name: 'transferLimit' | 'withdrawalLimit' | 'newPayeeLimit', label: string) => (
    <FormField label={label} error={errors[name]} required>
      <DollarInput registration={form.register(name, { setValueAs: asNumber })} />
    </FormField>
  );
  const rate = (
    name:
      | 'interestRates.savings'
      | 'interestRates.loans.personal'
      | 'interestRates.loans.business'
      | 'interestRates.loans.mortgage',
    label: string,
    error: (typeof errors)['transferLimit'],
  ) => (
    <FormField label={label} error={error} required>
      <InputGroup endElement="%">
        <Input
          type="number"
          inputMode="decimal"
          min="0"
          step="0.1"
          {...form.register(name, { setValueAs: asNumber })}
        />
      </InputGroup>
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="6">
        {saved ? <SuccessAlert>Settings updated successfully</SuccessAlert> : null}
        {failure !== null ? (
          <ErrorAlert>
            Failed to update settings
            {failure ? (
              <Text as="span" display="block">
                {failure}
              </Text>
            ) : null}
          </ErrorAlert>
        ) : null}

        <BankInformationFields form={form} />

        <SectionCard title="Transaction Limits">
          <Text color="fg.muted" fontSize="sm">
            Daily limits per customer. A change applies to the next transaction.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {money('transferLimit', 'Transfer limit')}
            {money('withdrawalLimit', 'Withdrawal limit')}
            {money('newPayeeLimit', 'New payee limit (first 24 hours)')}
          </SimpleGrid>
        </SectionCard>

        <SectionCard title="Interest Rates">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {rate('interestRates.savings', 'Savings', errors.interestRates?.savings)}
            {rate(
              'interestRates.loans.personal',
              'Personal loan',
              errors.interestRates?.loans?.personal,
            )}
            {rate(
              'interestRates.loans.business',
              'Business loan',
              errors.interestRates?.loans?.business,
            )}
            {rate(
              'interestRates.loans.mortgage',
              'Mortgage',
              errors.interestRates?.loans?.mortgage,
            )}
          </SimpleGrid>
        </SectionCard>

        <SupportQuotaFields form={form} />

        <FourEyesFields form={form} />

        <SectionCard title="System Settings">
          <Controller
            control={form.control}
            name="maintenanceMode"
            render={({ field }) => (
              <ControlledCheckbox field={field} checked={field.value} topAligned>
                <Stack gap="0.5">
                  <Checkbox.Label>Maintenance mode</Checkbox.Label>
                  <Text color="fg.muted" fontSize="sm">
                    When enabled only administrators can access the system.
                  </Text>
                </Stack>
              </ControlledCheckbox>
            )}
          />
        </SectionCard>

        <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText="Saving…">
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}

/** docs/product.md 2.29 and docs/architecture.md 5: the bank's settings, persisted, audited and enforced. */
export function BankSettingsPage() {
  const query = trpc.settings.get.useQuery();
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="2xl">
        Bank Settings
      </Heading>
      {query.isError ? (
        <ErrorAlert>{errorMessage(query.error, 'Failed to load settings')}</ErrorAlert>
      ) : query.data ? (
        <SettingsForm settings={query.data} />
      ) : (
        <ListSpinner label="Loading settings" />
      )}
    </Stack>
  );
}
