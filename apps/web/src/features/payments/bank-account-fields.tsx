import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import type { SavedBank } from './money-form.ts';
import { SavedBankSelect } from './payment-form.tsx';

/**
 * Which of a form's fields hold the bank's name, account and routing numbers (the deposit's
 * input calls them bankAccountNumber and bankRoutingNumber, the withdrawal's accountNumber and
 * routingNumber). The saved bank's id is `bankId` in both.
 */
export type BankDetailNames<Name extends string> = {
  bankName: Name;
  accountNumber: Name;
  routingNumber: Name;
};

const numberFields = [
  { name: 'accountNumber', label: 'Account number' },
  { name: 'routingNumber', label: 'Routing number' },
] as const;

/**
 * The form as these fields use it. `setValue` is named by the text fields it may write, so a form
 * whose fields named so hold text fits without the component knowing its other fields.
 */
type BankDetailForm<Values extends FieldValues, Name extends Path<Values>> = Pick<
  UseFormReturn<Values>,
  'register' | 'getFieldState' | 'formState' | 'clearErrors'
> & { setValue: (name: Name | 'bankId', value: string | undefined) => void };

/**
 * The bank account money comes from or goes to: a saved bank, or its name, account and routing
 * numbers typed in. Choosing a saved bank fills the details and shows them read-only; choosing
 * 'Enter bank details' empties them.
 */
export function BankAccountFields<Values extends FieldValues, Name extends Path<Values>>(props: {
  form: BankDetailForm<Values, Name>;
  names: BankDetailNames<Name>;
  banks: readonly SavedBank[];
  bankId: string | undefined;
  /** After the details are filled: the saved bank chosen, or undefined for a new one. */
  onChooseBank?: (bank: SavedBank | undefined) => void;
  /** Further details, in the grid after the routing number. */
  children?: ReactNode;
}) {
  const { form, names } = props;
  const readOnly = Boolean(props.bankId);
  const errorOf = (name: Name) => form.getFieldState(name, form.formState).error;
  const chooseBank = (bank: SavedBank | undefined) => {
    form.setValue('bankId', bank?.id);
    form.setValue(names.bankName, bank?.name ?? '');
    form.setValue(names.accountNumber, bank?.accountNumber ?? '');
    form.setValue(names.routingNumber, bank?.routingNumber ?? '');
    form.clearErrors([names.bankName, names.accountNumber, names.routingNumber]);
    props.onChooseBank?.(bank);
  };
  return (
    <Stack gap="4">
      <SavedBankSelect
        banks={props.banks}
        value={props.bankId}
        onChange={(id) => chooseBank(props.banks.find((bank) => bank.id === id))}
      />
      <FormField label="Bank name" error={errorOf(names.bankName)} required readOnly={readOnly}>
        <Input readOnly={readOnly} {...form.register(names.bankName)} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {numberFields.map(({ name, label }) => (
          <FormField
            key={name}
            label={label}
            error={errorOf(names[name])}
            required
            readOnly={readOnly}
          >
            <Input inputMode="numeric" readOnly={readOnly} {...form.register(names[name])} />
          </FormField>
        ))}
        {props.children}
      </SimpleGrid>
    </Stack>
  );
}
