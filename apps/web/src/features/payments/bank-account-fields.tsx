import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { SavedBankSelect } from './payment-form.tsx';

/**
 * Which of a form's fields hold the bank's name, account and routing numbers (the deposit's
 * input calls them bankAccountNumber and bankRoutingNumber, the withdrawal's accountNumber and
 * routingNumber).
 */
export type BankDetailNames<Values extends FieldValues> = {
  bankName: Path<Values>;
  accountNumber: Path<Values>;
  routingNumber: Path<Values>;
};

const numberFields = [
  { name: 'accountNumber', label: 'Account number' },
  { name: 'routingNumber', label: 'Routing number' },
] as const;

type SavedBankOption = { id: string; name: string; maskedAccountNumber: string };

/**
 * The bank account money comes from or goes to: a saved bank, or its name, account and routing
 * numbers typed in. With a saved bank chosen the details are shown read-only.
 */
export function BankAccountFields<Values extends FieldValues, Bank extends SavedBankOption>(props: {
  form: Pick<UseFormReturn<Values>, 'register' | 'getFieldState' | 'formState'>;
  names: BankDetailNames<Values>;
  banks: readonly Bank[];
  bankId: string | undefined;
  /** The saved bank chosen, or undefined for 'a new bank account'. */
  onChooseBank: (bank: Bank | undefined) => void;
  /** Further details, in the grid after the routing number. */
  children?: ReactNode;
}) {
  const { form, names } = props;
  const readOnly = Boolean(props.bankId);
  const errorOf = (name: Path<Values>) => form.getFieldState(name, form.formState).error;
  return (
    <Stack gap="4">
      <SavedBankSelect
        banks={props.banks}
        value={props.bankId}
        onChange={(id) => props.onChooseBank(props.banks.find((bank) => bank.id === id))}
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
