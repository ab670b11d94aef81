import { Input, type InputProps } from '@chakra-ui/react';
import type { ChangeEvent, Ref } from 'react';

type CardInputProps = InputProps & { ref?: Ref<HTMLInputElement> };

/** A card number's digits in groups of four, as printed on the card (16 digits at most). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as 'MM/YY' however it is typed ('1229' becomes '12/29'). */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Rewrites the typed value before the form reads it (react-hook-form's register reads
 * `event.target.value`), so what the field shows is what is sent.
 */
function formatted(format: (value: string) => string, onChange: CardInputProps['onChange']) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const next = format(event.target.value);
    if (next !== event.target.value) event.target.value = next;
    onChange?.(event);
  };
}

/** What each of a card's fields autofills, shows as an example, and holds at most. */
const cardParts = {
  number: { autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456', maxLength: 19 },
  expiry: { autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 },
  cvv: { autoComplete: 'cc-csc', placeholder: '123', maxLength: 3 },
} as const;

/** A field of a card, its digits rewritten by `format` as typed (when it has one). */
function CardInput({
  kind,
  format,
  ...props
}: CardInputProps & { kind: keyof typeof cardParts; format?: (value: string) => string }) {
  const onChange = format ? formatted(format, props.onChange) : props.onChange;
  return <Input inputMode="numeric" {...cardParts[kind]} {...props} onChange={onChange} />;
}

/** A card's number, grouped in fours as typed: 16 digits in 19 characters. */
export function CardNumberInput(props: CardInputProps) {
  return <CardInput kind="number" format={formatCardNumber} {...props} />;
}

/** A card's expiry as 'MM/YY', the slash put in as typed. */
export function CardExpiryInput(props: CardInputProps) {
  return <CardInput kind="expiry" format={formatExpiry} {...props} />;
}

/** A card's three-digit CVV. */
export function CardCvvInput(props: CardInputProps) {
  return <CardInput kind="cvv" {...props} />;
}
