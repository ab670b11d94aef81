import { freezeInput, freezeModes, holdInput } from '@bank/validators/restrictions';
import { Button, Checkbox, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Controller, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { DollarInput } from '../../components/dollar-input.tsx';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';

/** What a freeze stops, as the form offers it and the panel shows a freeze in force. */
export const freezeModeLabels = {
  all: 'All movement',
  debits: 'Debits only (money out)',
  credits: 'Credits only (money in)',
} as const;

const freezeForm = freezeInput.omit({ accountNumber: true });
const holdForm = holdInput.omit({ accountNumber: true });

/**
 * Runs one restriction change: its message as a toast, `then` (a form clears itself), and the
 * panel and the user page fetched again; a failure is a toast saying `failed`.
 */
export function useRestrictionChange() {
  const utils = trpc.useUtils();
  return async (change: () => Promise<{ message: string }>, failed: string, then?: () => void) => {
    try {
      notify({ type: 'success', message: (await change()).message });
      then?.();
      await Promise.all([utils.restrictions.ofUser.invalidate(), utils.admin.user.invalidate()]);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, failed) });
    }
  };
}

/** A restriction form of one account: sent with the account's number, cleared once it went through. */
function useRestrictionForm<Input extends FieldValues, Output extends FieldValues>(options: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  accountNumber: string;
  mutation: {
    mutateAsync: (input: Output & { accountNumber: string }) => Promise<{ message: string }>;
  };
  failedMessage: string;
}) {
  const { accountNumber, mutation } = options;
  const run = useRestrictionChange();
  const form = useZodForm(options.schema, options.defaultValues);
  const onSubmit = form.handleSubmit((values) =>
    run(
      () => mutation.mutateAsync({ accountNumber, ...values }),
      options.failedMessage,
      () => form.reset(),
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return { form, onSubmit, errors, isSubmitting };
}

/** A restriction's form: its three fields side by side on a wide screen, then the rest under them. */
function RestrictionForm(props: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props.label}>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {props.fields}
        </SimpleGrid>
        {props.children}
      </Stack>
    </form>
  );
}

export function FreezeForm({ accountNumber }: { accountNumber: string }) {
  const { form, onSubmit, errors, isSubmitting } = useRestrictionForm({
    schema: freezeForm,
    defaultValues: { mode: 'debits', reason: '', expiresAt: undefined, fraud: false },
    accountNumber,
    mutation: trpc.restrictions.freeze.useMutation(),
    failedMessage: 'Failed to freeze the account',
  });
  return (
    <RestrictionForm
      label={`Freeze account ${accountNumber}`}
      onSubmit={onSubmit}
      fields={
        <>
          <FormField label="Freeze" error={errors.mode}>
            <OptionsSelect
              registration={form.register('mode')}
              options={freezeModes}
              labelOf={(mode) => freezeModeLabels[mode]}
            />
          </FormField>
          <FormField label="Reason" error={errors.reason}>
            <Input {...form.register('reason')} />
          </FormField>
          <FormField label="Until (optional)" error={errors.expiresAt}>
            <Input
              type="date"
              {...form.register('expiresAt', {
                setValueAs: (value: string) => (value === '' ? undefined : value),
              })}
            />
          </FormField>
        </>
      }
    >
      {/* Controlled: a registered hidden checkbox would send its value ("on"), not true. */}
      <Controller
        control={form.control}
        name="fraud"
        render={({ field }) => (
          <ControlledCheckbox field={field} checked={field.value === true} topAligned>
            <Checkbox.Label>
              Suspected fraud (lifting it will need a second administrator)
            </Checkbox.Label>
          </ControlledCheckbox>
        )}
      />
      <Button
        type="submit"
        alignSelf="flex-start"
        colorPalette="red"
        variant="outline"
        loading={isSubmitting}
      >
        Freeze account
      </Button>
    </RestrictionForm>
  );
}

export function HoldForm({ accountNumber }: { accountNumber: string }) {
  const { form, onSubmit, errors, isSubmitting } = useRestrictionForm({
    schema: holdForm,
    defaultValues: { reason: '', expiresAt: '' },
    accountNumber,
    mutation: trpc.restrictions.placeHold.useMutation(),
    failedMessage: 'Failed to place the hold',
  });
  return (
    <RestrictionForm
      label={`Hold an amount on ${accountNumber}`}
      onSubmit={onSubmit}
      fields={
        <>
          <FormField label="Amount (USD)" error={errors.amount}>
            <DollarInput
              registration={form.register('amount', { valueAsNumber: true })}
              min="0.01"
            />
          </FormField>
          <FormField label="Hold reason" error={errors.reason}>
            <Input {...form.register('reason')} />
          </FormField>
          <FormField label="Until" error={errors.expiresAt}>
            <Input type="date" {...form.register('expiresAt')} />
          </FormField>
        </>
      }
    >
      <Button type="submit" alignSelf="flex-start" variant="outline" loading={isSubmitting}>
        Place hold
      </Button>
    </RestrictionForm>
  );
}
