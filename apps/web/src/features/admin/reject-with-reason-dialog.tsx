import { Button, Stack, Text } from '@chakra-ui/react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { isReasonMissing, ReasonField, useReason } from './reason-field.tsx';

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
  const entry = useReason();
  return (
    <ModalDialog
      open={props.open}
      onClose={() => {
        entry.reset();
        props.onClose();
      }}
      title={props.title}
      actions={
        <Button
          colorPalette="red"
          loading={props.pending}
          onClick={() => {
            entry.setTouched(true);
            if (!isReasonMissing(entry)) props.onReject(entry.reason.trim());
          }}
        >
          Reject
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{props.summary}</Text>
        <ReasonField label={props.reasonLabel} requiredText={props.requiredText} entry={entry} />
      </Stack>
    </ModalDialog>
  );
}
