import { Input, InputGroup } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** An amount of dollars typed in: the $ before it, a cent as the step. */
export function DollarInput({
  registration,
  min = '0',
}: {
  registration: UseFormRegisterReturn;
  min?: string;
}) {
  return (
    <InputGroup startElement="$">
      <Input type="number" inputMode="decimal" min={min} step="0.01" {...registration} />
    </InputGroup>
  );
}

/** An amount typed as text (a limit, a payment): $ before it, USD after, a decimal keyboard. */
export function UsdInput({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <InputGroup startElement="$" endElement="USD">
      <Input inputMode="decimal" autoComplete="off" {...registration} />
    </InputGroup>
  );
}
