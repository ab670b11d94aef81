import { scheduledTransferUpdateInput } from '@bank/validators/scheduled';
import { Input } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { UsdInput } from '../../components/dollar-input.tsx';
import { EditFormDialog } from '../../components/edit-form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showDetailsAtFields, showIssuesAtFields } from '../../lib/field-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ScheduledTransfer } from './labels.ts';

type Field = 'amount' | 'description' | 'date';
const isField = (name: unknown): name is Field =>
  name === 'amount' || name === 'description' || name === 'date';

/** The form's values checked as the update takes them; the date only when it moves. */
function parseScheduleUpdate(
  schedule: ScheduledTransfer,
  values: { amount: string; description: string; date: string },
) {
  const amount = values.amount.trim();
  return scheduledTransferUpdateInput.safeParse({
    id: schedule.id,
    amount: amount === '' ? Number.NaN : Number(amount),
    description: values.description,
    ...(values.date && values.date !== schedule.nextRunDate ? { date: values.date } : {}),
  });
}

/** Changes the amount, the description or the next date: before the day only (the server says). */
export function EditScheduleDialog(props: {
  schedule: ScheduledTransfer;
  open: boolean;
  onClose: () => void;
}) {
  const { schedule } = props;
  const utils = trpc.useUtils();
  const update = trpc.scheduled.update.useMutation();
  const form = useForm({
    defaultValues: {
      amount: String(schedule.amount),
      description: schedule.description,
      date: schedule.nextRunDate ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <EditFormDialog
      dialog={props}
      title="Edit scheduled transfer"
      form={form}
      save={{
        send: async (values) => {
          const parsed = parseScheduleUpdate(schedule, values);
          if (parsed.success) return update.mutateAsync(parsed.data);
          showIssuesAtFields(parsed.error.issues, isField, form.setError);
          return undefined;
        },
        reload: () =>
          Promise.all([
            utils.scheduled.byId.invalidate({ id: schedule.id }),
            utils.scheduled.list.invalidate(),
            utils.scheduled.upcoming.invalidate(),
          ]),
        failedMessage: 'Failed to update the transfer',
        showAtFields: (error) => showDetailsAtFields(error, isField, form.setError),
      }}
    >
      <FormField label="Amount" error={errors.amount} required>
        <UsdInput registration={form.register('amount')} />
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <FormField
        label="Next payment"
        error={errors.date}
        helperText="Moves this payment and the ones after it."
      >
        <Input type="date" {...form.register('date')} />
      </FormField>
    </EditFormDialog>
  );
}
