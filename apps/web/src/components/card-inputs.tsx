import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';

type CardInputProps = InputProps & { ref?: Ref<HTMLInputElement> };

/** A card's number as typed, spaces allowed: 16 digits in 19 characters. */
export function CardNumberInput(props: CardInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="cc-number"
      placeholder="1234 5678 9012 3456"
      maxLength={19}
      {...props}
    />
  );
}

/** A card's expiry as 'MM/YY'. */
export function CardExpiryInput(props: CardInputProps) {
  return <Input autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} {...props} />;
}

/** A card's three-digit CVV. */
export function CardCvvInput(props: CardInputProps) {
  return (
    <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={3} {...props} />
  );
}
