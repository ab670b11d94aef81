import { Input } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { UsdInput } from '../../components/dollar-input.tsx';
import { EditFormDialog } from '../../components/edit-form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showDetailsAtFields } from '../../lib/field-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import type { SavedPayee } from './confirmation.ts';

const isField = (name: string): name is 'name' | 'dailyLimit' =>
  name === 'name' || name === 'dailyLimit';

/** The form's values as the update takes them: an empty limit is no limit. */
function payeeUpdate(id: string, values: { name: string; dailyLimit: string }) {
  const limit = values.dailyLimit.trim();
  return { id, name: values.name, dailyLimit: limit === '' ? null : Number(limit) };
}

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
  const { errors } = form.formState;
  return (
    <EditFormDialog
      dialog={props}
      title="Edit payee"
      form={form}
      save={{
        send: (values) => update.mutateAsync(payeeUpdate(payee.id, values)),
        reload: () => utils.payees.list.invalidate(),
        failedMessage: 'Failed to update payee',
        showAtFields: (error) => showDetailsAtFields(error, isField, form.setError),
      }}
    >
      <FormField label="Payee name" error={errors.name} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Daily limit (optional)" error={errors.dailyLimit}>
        <UsdInput registration={form.register('dailyLimit')} />
      </FormField>
    </EditFormDialog>
  );
}
