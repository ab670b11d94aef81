import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/**
 * A code from an authenticator app (or a recovery code): filled in from the phone's one-time
 * code suggestion, never capitalised or spell-checked.
 */
export function OneTimeCodeInput(props: InputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Input
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="123456"
      {...props}
    />
  );
}
