import { bankUpdateInput } from '@bank/validators/money';
import { EditFormDialog } from '../../components/edit-form-dialog.tsx';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { BankFields } from './bank-fields.tsx';

export type SavedBank = RouterOutputs['banks']['list']['data'][number];

/**
 * docs/product.md 2.17 and 5: 'Update Bank', with all four fields required. Loaded when a tile's
 * edit button is first pressed (the dialog's code is not needed before).
 */
export function UpdateBankDialog(props: { bank: SavedBank; open: boolean; onClose: () => void }) {
  const { bank } = props;
  const utils = trpc.useUtils();
  const update = trpc.banks.update.useMutation();
  const form = useZodForm(bankUpdateInput, {
    id: bank.id,
    name: bank.name,
    accountNumber: bank.accountNumber,
    routingNumber: bank.routingNumber,
    accountType: bank.accountType,
    // Not edited here, but kept: the update replaces the whole record.
    accountName: bank.accountName ?? '',
  });
  return (
    <EditFormDialog
      dialog={props}
      title="Update Bank"
      form={form}
      save={{
        send: (values) => update.mutateAsync(values),
        reload: () => utils.banks.list.invalidate(),
        failedMessage: 'Failed to update bank',
      }}
    >
      <BankFields errors={form.formState.errors} register={form.register} />
    </EditFormDialog>
  );
}
