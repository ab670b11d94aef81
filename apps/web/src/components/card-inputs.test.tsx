import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bankSystem } from '../lib/theme.ts';
import {
  CardExpiryInput,
  CardNumberInput,
  formatCardNumber,
  formatExpiry,
} from './card-inputs.tsx';

describe('card inputs format as typed (the accessibility review)', () => {
  it('groups a card number in fours', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111 1111-11')).toBe('4111 1111 11');
  });

  it('puts the slash in an expiry typed as four digits', () => {
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12/29')).toBe('12/29');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('12')).toBe('12');
  });

  it('as the customer types', async () => {
    const user = userEvent.setup();
    render(
      <ChakraProvider value={bankSystem()}>
        <CardNumberInput aria-label="Card number" />
        <CardExpiryInput aria-label="Expiry" />
      </ChakraProvider>,
    );
    await user.type(screen.getByLabelText('Card number'), '4111111111111111');
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    await user.type(screen.getByLabelText('Expiry'), '1229');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12/29');
  });
});
