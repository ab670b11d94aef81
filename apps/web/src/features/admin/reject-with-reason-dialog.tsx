import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

/**
 * Rejecting something a person asked for (a loan, a four-eyes request): it says what is
 * rejected and will not send without a reason. Closing forgets the reason typed.
 */
export function RejectWithReasonDialog(props: {
  open: boolean;
  title: string;
  /** What is rejected, in one sentence. */
  summary: string;
  reasonLabel: string;
  requiredText: string;
  pending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <ModalDialog
      open={props.open}
      onClose={() => {
        setReason('');
        setTouched(false);
        props.onClose();
      }}
      title={props.title}
      actions={
        <Button
          colorPalette="red"
          loading={props.pending}
          onClick={() => {
            setTouched(true);
            if (!missing) props.onReject(reason.trim());
          }}
        >
          Reject
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{props.summary}</Text>
        <ReasonField
          label={props.reasonLabel}
          requiredText={props.requiredText}
          value={reason}
          invalid={touched && missing}
          onChange={setReason}
          onBlur={() => setTouched(true)}
        />
      </Stack>
    </ModalDialog>
  );
}
