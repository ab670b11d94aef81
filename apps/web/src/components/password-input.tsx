import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { type Ref, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

/** A password field with a show/hide toggle (docs/product.md 2.3, 2.4, 2.10). */
export function PasswordInput({ ref, ...props }: InputProps & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      }
    >
      <Input ref={ref} {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}
