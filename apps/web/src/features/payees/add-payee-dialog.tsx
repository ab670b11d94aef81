import { type PayeeInput, payeeInput } from '@bank/validators/payees';
import { Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert, InfoAlert } from '../../components/alerts.tsx';
import { UsdInput } from '../../components/dollar-input.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { showIssuesAtFields } from '../../lib/field-errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { confirmationText } from './confirmation.ts';

interface Values {
  bank: 'internal' | 'external';
  name: string;
  accountNumber: string;
  routingNumber: string;
  dailyLimit: string;
  code: string;
}

type Field = keyof Values;
const fields: readonly Field[] = [
  'bank',
  'name',
  'accountNumber',
  'routingNumber',
  'dailyLimit',
  'code',
];
const isField = (value: unknown): value is Field => fields.some((field) => field === value);

/** The request as the server takes it: blank optional fields left out. */
function toRequest(values: Values, withCode: boolean): PayeeInput {
  const limit = values.dailyLimit.trim();
  const common = {
    name: values.name,
    accountNumber: values.accountNumber.trim(),
    ...(limit === '' ? {} : { dailyLimit: Number(limit) }),
    ...(withCode ? { code: values.code.trim() } : {}),
  };
  return values.bank === 'external'
    ? { bank: 'external', routingNumber: values.routingNumber.trim(), ...common }
    : { bank: 'internal', ...common };
}

/**
 * Adds a payee in two steps: the details, then the second factor (the code the server e-mailed,
 * or the authenticator app's when two-factor authentication is on). Nothing is saved without it.
 */
export function AddPayeeDialog(props: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const stepUp = trpc.payees.stepUp.useMutation();
  const create = trpc.payees.create.useMutation();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [codeHint, setCodeHint] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<Values>({
    defaultValues: {
      bank: 'internal',
      name: '',
      accountNumber: '',
      routingNumber: '',
      dailyLimit: '',
      code: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const bank = form.watch('bank');

  /** The schema's messages at their fields; true when the values pass. */
  const validate = (values: Values, withCode: boolean) => {
    form.clearErrors();
    const parsed = payeeInput.safeParse(toRequest(values, withCode));
    if (parsed.success) return true;
    showIssuesAtFields(parsed.error.issues, isField, form.setError);
    return false;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    if (step === 'details') {
      if (!validate(values, false)) return;
      try {
        const answer = await stepUp.mutateAsync({ purpose: 'payee' });
        setCodeHint(answer.message);
        setStep('code');
      } catch (error) {
        setRefusal(errorMessage(error, 'Could not send a code'));
      }
      return;
    }
    if (!validate(values, true)) return;
    try {
      const { payee } = await create.mutateAsync(toRequest(values, true));
      notify({
        type: 'success',
        message: `Payee added: ${payee.name}. ${confirmationText(payee)}`,
      });
      await utils.payees.list.invalidate();
      props.onClose();
    } catch (error) {
      const info = apiErrorInfo(error);
      if (info.reason === 'STEP_UP_REQUIRED') form.setError('code', { message: info.message });
      else setRefusal(errorMessage(error, 'Failed to add payee'));
    }
  });

  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title="Add payee"
      onSubmit={onSubmit}
      actions={
        step === 'details' ? (
          <Button type="submit" loading={isSubmitting} loadingText="Sending code…">
            Continue
          </Button>
        ) : (
          <Button type="submit" loading={isSubmitting} loadingText="Saving…">
            Save payee
          </Button>
        )
      }
    >
      <Stack gap="4">
        {refusal ? <ErrorAlert>{refusal}</ErrorAlert> : null}
        {step === 'details' ? (
          <>
            <FormField label="Bank" error={errors.bank} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('bank')}>
                  <option value="internal">Horizon Bank</option>
                  <option value="external">Another bank</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Payee name" error={errors.name} required>
              <Input autoComplete="off" {...form.register('name')} />
            </FormField>
            {bank === 'external' ? (
              <FormField label="Routing number" error={errors.routingNumber} required>
                <Input inputMode="numeric" autoComplete="off" {...form.register('routingNumber')} />
              </FormField>
            ) : null}
            <FormField label="Account number" error={errors.accountNumber} required>
              <Input inputMode="numeric" autoComplete="off" {...form.register('accountNumber')} />
            </FormField>
            <FormField
              label="Daily limit (optional)"
              error={errors.dailyLimit}
              helperText="New payees can receive up to the bank's limit in their first 24 hours."
            >
              <UsdInput registration={form.register('dailyLimit')} />
            </FormField>
          </>
        ) : (
          <>
            <InfoAlert>{codeHint}</InfoAlert>
            <Text color="fg.muted" fontSize="sm">
              {`Saving ${form.getValues('name')}, account ending ${form.getValues('accountNumber').trim().slice(-4)}.`}
            </Text>
            <FormField label="Confirmation code" error={errors.code} required>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.register('code')}
              />
            </FormField>
          </>
        )}
      </Stack>
    </ModalDialog>
  );
}
