import { IconButton } from '@chakra-ui/react';
import { LuCopy } from 'react-icons/lu';
import { copyToClipboard } from '../lib/clipboard.ts';

/** An icon button that copies `value` and confirms with `successMessage`. */
export function CopyButton(props: { value: string; label: string; successMessage: string }) {
  return (
    <IconButton
      type="button"
      variant="ghost"
      size="xs"
      aria-label={props.label}
      title={props.label}
      onClick={() => void copyToClipboard(props.value, props.successMessage)}
    >
      <LuCopy />
    </IconButton>
  );
}
