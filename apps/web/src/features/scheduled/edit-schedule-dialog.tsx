import { scheduledTransferUpdateInput } from '@bank/validators/scheduled';
import { Input, InputGroup } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { EditFormDialog } from '../../components/edit-form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { showDetailsAtFields, showIssuesAtFields } from '../../lib/field-errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ScheduledTransfer } from './labels.ts';

type Field = 'amount' | 'description' | 'date';
const isField = (name: unknown): name is Field =>
  name === 'amount' || name === 'description' || name === 'date';

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
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const amount = values.amount.trim();
    const parsed = scheduledTransferUpdateInput.safeParse({
      id: schedule.id,
      amount: amount === '' ? Number.NaN : Number(amount),
      description: values.description,
      ...(values.date && values.date !== schedule.nextRunDate ? { date: values.date } : {}),
    });
    if (!parsed.success) {
      showIssuesAtFields(parsed.error.issues, isField, form.setError);
      return;
    }
    try {
      const result = await update.mutateAsync(parsed.data);
      notify({ type: 'success', message: result.message });
      await Promise.all([
        utils.scheduled.byId.invalidate({ id: schedule.id }),
        utils.scheduled.list.invalidate(),
        utils.scheduled.upcoming.invalidate(),
      ]);
      props.onClose();
    } catch (error) {
      if (!showDetailsAtFields(error, isField, form.setError))
        notify({ type: 'error', message: errorMessage(error, 'Failed to update the transfer') });
    }
  });
  return (
    <EditFormDialog
      open={props.open}
      onClose={props.onClose}
      title="Edit scheduled transfer"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
    >
      <FormField label="Amount" error={errors.amount} required>
        <InputGroup startElement="$" endElement="USD">
          <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
        </InputGroup>
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
