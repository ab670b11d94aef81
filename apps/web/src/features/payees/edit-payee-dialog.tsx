import { Input, InputGroup } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { EditFormDialog } from '../../components/edit-form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { showDetailsAtFields } from '../../lib/field-errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SavedPayee } from './confirmation.ts';

const isField = (name: string): name is 'name' | 'dailyLimit' =>
  name === 'name' || name === 'dailyLimit';

/**
 * Renames a payee or changes its daily limit: the customer's own notes, no second factor.
 * (Where its money goes is changed by adding a new payee.)
 */
export function EditPayeeDialog(props: { payee: SavedPayee; open: boolean; onClose: () => void }) {
  const { payee } = props;
  const utils = trpc.useUtils();
  const update = trpc.payees.update.useMutation();
  const form = useForm({
    defaultValues: {
      name: payee.name,
      dailyLimit: payee.dailyLimit === null ? '' : String(payee.dailyLimit),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const limit = values.dailyLimit.trim();
    try {
      const result = await update.mutateAsync({
        id: payee.id,
        name: values.name,
        dailyLimit: limit === '' ? null : Number(limit),
      });
      notify({ type: 'success', message: result.message });
      await utils.payees.list.invalidate();
      props.onClose();
    } catch (error) {
      if (!showDetailsAtFields(error, isField, form.setError))
        notify({ type: 'error', message: errorMessage(error, 'Failed to update payee') });
    }
  });
  return (
    <EditFormDialog
      open={props.open}
      onClose={props.onClose}
      title="Edit payee"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
    >
      <FormField label="Payee name" error={errors.name} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Daily limit (optional)" error={errors.dailyLimit}>
        <InputGroup startElement="$" endElement="USD">
          <Input inputMode="decimal" autoComplete="off" {...form.register('dailyLimit')} />
        </InputGroup>
      </FormField>
    </EditFormDialog>
  );
}
