import { transferInput } from '@bank/validators/money';
import { Button, Card, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { AccountSummary } from './account-summary.tsx';
import { useMoneyMoved } from './money-form.ts';

export const TRANSFER_SUCCESS = 'Transfer completed successfully';

/** SPEC.md 2.13: to a customer of this bank at once, or to another bank through clearing. */
export function TransferPage() {
  const transfer = trpc.transactions.transfer.useMutation();
  const moneyMoved = useMoneyMoved();
  const form = useForm({
    resolver: zodResolver(transferInput),
    mode: 'onTouched',
    defaultValues: {
      type: 'transfer',
      currency: 'USD',
      recipientName: '',
      recipientAccountNumber: '',
      description: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // A fresh key per submission: a retried request never moves the money twice.
      const result = await transfer.mutateAsync({ ...values, idempotencyKey: newIdempotencyKey() });
      await moneyMoved(result.newBalance, TRANSFER_SUCCESS);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Transfer failed') });
    }
  });

  return (
    <Stack gap="6" maxW="2xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Transfer Money
        </Heading>
        <Text color="fg.muted">
          Send money to another Horizon Bank customer instantly, or to an account at another bank.
        </Text>
      </Stack>
      <AccountSummary limit="transfer" />
      <Card.Root variant="outline">
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack asChild gap="5" border="0" p="0" m="0" minW="0">
              <fieldset disabled={isSubmitting}>
                <FormField label="Recipient name" error={errors.recipientName}>
                  <Input autoComplete="off" {...form.register('recipientName')} />
                </FormField>
                <FormField
                  label="Recipient account number"
                  error={errors.recipientAccountNumber}
                  required
                  helperText="Transfers to other banks show as pending until they clear."
                >
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    {...form.register('recipientAccountNumber')}
                  />
                </FormField>
                <FormField label="Amount" error={errors.amount} required>
                  <InputGroup startElement="$" endElement="USD">
                    <Input
                      type="number"
                      inputMode="decimal"
                      min="0.01"
                      step="0.01"
                      {...form.register('amount', { valueAsNumber: true })}
                    />
                  </InputGroup>
                </FormField>
                <FormField label="Description" error={errors.description}>
                  <Input autoComplete="off" {...form.register('description')} />
                </FormField>
                <Button
                  type="submit"
                  alignSelf="flex-start"
                  loading={isSubmitting}
                  loadingText="Processing..."
                >
                  Send Money
                </Button>
              </fieldset>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
