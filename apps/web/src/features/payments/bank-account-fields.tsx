import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field.tsx';
import { SavedBankSelect } from './payment-form.tsx';

/** One bank detail's form wiring: the registration and its error. */
export type BankDetailField = {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
};

/**
 * The bank account money comes from or goes to: a saved bank, or its name, account and routing
 * numbers typed in. With a saved bank chosen the details are shown read-only.
 */
export function BankAccountFields(props: {
  banks: ReadonlyArray<{ id: string; name: string; maskedAccountNumber: string }>;
  bankId: string | undefined;
  onChooseBank: (id: string | undefined) => void;
  bankName: BankDetailField;
  accountNumber: BankDetailField;
  routingNumber: BankDetailField;
  /** Further details, in the grid after the routing number. */
  children?: ReactNode;
}) {
  const readOnly = Boolean(props.bankId);
  return (
    <Stack gap="4">
      <SavedBankSelect banks={props.banks} value={props.bankId} onChange={props.onChooseBank} />
      <FormField label="Bank name" error={props.bankName.error} required readOnly={readOnly}>
        <Input readOnly={readOnly} {...props.bankName.registration} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label="Account number"
          error={props.accountNumber.error}
          required
          readOnly={readOnly}
        >
          <Input inputMode="numeric" readOnly={readOnly} {...props.accountNumber.registration} />
        </FormField>
        <FormField
          label="Routing number"
          error={props.routingNumber.error}
          required
          readOnly={readOnly}
        >
          <Input inputMode="numeric" readOnly={readOnly} {...props.routingNumber.registration} />
        </FormField>
        {props.children}
      </SimpleGrid>
    </Stack>
  );
}
