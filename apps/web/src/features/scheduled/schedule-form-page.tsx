import { scheduledTransferInput } from '@bank/validators/scheduled';
import {
  Button,
  Card,
  Link as ChakraLink,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { UsdInput } from '../../components/dollar-input.tsx';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { showDetailsAtFields, showIssuesAtFields } from '../../lib/field-errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { frequencyLabel, localToday } from './labels.ts';

const frequencies = ['once', 'weekly', 'every_2_weeks', 'monthly'] as const;
type Ends = 'never' | 'on' | 'after';

interface Values {
  payeeId: string;
  amount: string;
  description: string;
  frequency: (typeof frequencies)[number];
  startDate: string;
  ends: Ends;
  endDate: string;
  count: string;
}

type FieldName = Exclude<keyof Values, 'ends'>;
const fieldNames: readonly string[] = [
  'payeeId',
  'amount',
  'description',
  'frequency',
  'startDate',
  'endDate',
  'count',
];
const isField = (name: unknown): name is FieldName =>
  typeof name === 'string' && fieldNames.includes(name);

/** What the form holds, as the API takes it (the shared schema judges it). */
function toInput(values: Values) {
  const amount = values.amount.trim();
  return {
    payeeId: values.payeeId,
    amount: amount === '' ? Number.NaN : Number(amount),
    description: values.description,
    frequency: values.frequency,
    startDate: values.startDate,
    ...(values.frequency !== 'once' && values.ends === 'on' ? { endDate: values.endDate } : {}),
    ...(values.frequency !== 'once' && values.ends === 'after'
      ? { count: values.count.trim() === '' ? Number.NaN : Number(values.count) }
      : {}),
  };
}

/**
 * Schedules a transfer to a saved payee: once on a date, or weekly, every 2 weeks or monthly,
 * until cancelled, until a date, or for a number of payments. Opened from the transfer screen
 * with its payee (and amount) chosen.
 */
export function ScheduleFormPage(props: {
  payeeId?: string | undefined;
  amount?: number | undefined;
}) {
  const payees = trpc.payees.list.useQuery();
  const create = trpc.scheduled.create.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const form = useForm<Values>({
    defaultValues: {
      payeeId: props.payeeId ?? '',
      amount: props.amount ? String(props.amount) : '',
      description: '',
      frequency: 'monthly',
      startDate: localToday(),
      ends: 'never',
      endDate: '',
      count: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const frequency = form.watch('frequency');
  const ends = form.watch('ends');

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = scheduledTransferInput.safeParse(toInput(values));
    if (!parsed.success) {
      showIssuesAtFields(parsed.error.issues, isField, form.setError);
      return;
    }
    try {
      const result = await create.mutateAsync(parsed.data);
      notify({ type: 'success', message: result.message });
      await Promise.all([utils.scheduled.list.invalidate(), utils.scheduled.upcoming.invalidate()]);
      await navigate({
        to: '/transfers/scheduled/$id',
        params: { id: result.scheduledTransfer.id },
      });
    } catch (error) {
      if (!showDetailsAtFields(error, isField, form.setError))
        notify({ type: 'error', message: errorMessage(error, 'Failed to schedule the transfer') });
    }
  });

  const list = payees.data?.data ?? [];
  return (
    <Stack gap="6" maxW="2xl">
      <PageTitle title="Schedule a Transfer">
        Paid on each date in the bank’s time zone, from your checking account. If your balance will
        not cover it, we tell you the day before.
      </PageTitle>
      <Card.Root variant="outline">
        <Card.Body>
          {payees.isSuccess && list.length === 0 ? (
            <Text>
              Scheduled transfers go to a saved payee.{' '}
              <ChakraLink asChild>
                <Link to="/payees">Add a payee first</Link>
              </ChakraLink>
              .
            </Text>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <FormField label="Pay to" error={errors.payeeId} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('payeeId')}>
                      <option value="">Choose a payee</option>
                      {list.map((payee) => (
                        <option key={payee.id} value={payee.id}>
                          {`${payee.name} (••••${payee.accountNumber})`}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <FormField label="Amount" error={errors.amount} required>
                  <UsdInput registration={form.register('amount')} />
                </FormField>
                <FormField label="Description" error={errors.description}>
                  <Input autoComplete="off" placeholder="Rent" {...form.register('description')} />
                </FormField>
                <FormField label="How often" error={errors.frequency} required>
                  <OptionsSelect
                    registration={form.register('frequency')}
                    options={frequencies}
                    labelOf={(value) => frequencyLabel[value]}
                  />
                </FormField>
                <FormField
                  label={frequency === 'once' ? 'Date' : 'First payment'}
                  error={errors.startDate}
                  required
                  helperText={
                    frequency === 'monthly'
                      ? 'On the 29th to 31st, shorter months pay on their last day.'
                      : undefined
                  }
                >
                  <Input type="date" {...form.register('startDate')} />
                </FormField>
                {frequency === 'once' ? null : (
                  <>
                    <FormField label="Ends" required>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...form.register('ends')}>
                          <option value="never">When I cancel it</option>
                          <option value="on">On a date</option>
                          <option value="after">After a number of payments</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </FormField>
                    {ends === 'on' ? (
                      <FormField label="End date" error={errors.endDate} required>
                        <Input type="date" {...form.register('endDate')} />
                      </FormField>
                    ) : null}
                    {ends === 'after' ? (
                      <FormField label="Number of payments" error={errors.count} required>
                        <Input inputMode="numeric" autoComplete="off" {...form.register('count')} />
                      </FormField>
                    ) : null}
                  </>
                )}
                <HStack gap="3" wrap="wrap">
                  <Button type="submit" loading={isSubmitting} loadingText="Scheduling…">
                    Schedule Transfer
                  </Button>
                  <Button asChild variant="outline">
                    <Link to="/transfers/scheduled">Cancel</Link>
                  </Button>
                </HStack>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
