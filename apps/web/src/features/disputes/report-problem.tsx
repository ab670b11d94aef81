import {
  type DisputeCreateInput,
  disputeCreateInput,
  disputeReasonLabels,
  disputeReasons,
} from '@bank/validators/disputes';
import {
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  Input,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuFlag } from 'react-icons/lu';
import { ErrorAlert, SuccessAlert } from '../../components/alerts.tsx';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { DisputeStatusBadge, isOpenDispute } from './dispute-badges.tsx';
import { SecureAccountOffer } from './secure-account-offer.tsx';
import { DisputeUploadFailed, uploadDispute } from './upload-dispute.ts';

type Transaction = RouterOutputs['transactions']['byId'];

/** Money that moved and that the customer may question; never the bank's own corrections. */
const disputableTypes: ReadonlyArray<Transaction['type']> = [
  'transfer',
  'deposit',
  'withdraw',
  'fee',
  'loan_repayment',
];

export const canDispute = (transaction: Pick<Transaction, 'type' | 'status'>) =>
  disputableTypes.includes(transaction.type) && transaction.status === 'completed';

const MAX_FILES = 5;

function ReportForm(props: {
  transaction: Transaction;
  onDone: (unauthorised: boolean) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DisputeCreateInput>({
    resolver: zodResolver(disputeCreateInput),
    mode: 'onTouched',
    defaultValues: { id: props.transaction.id, reason: undefined, description: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setProgress(0);
    try {
      await uploadDispute(values, files, setProgress);
      await utils.disputes.invalidate();
      props.onDone(values.reason === 'unauthorised');
    } catch (error) {
      setFailure(
        error instanceof DisputeUploadFailed ? error.message : 'Failed to report the problem',
      );
    } finally {
      setProgress(null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report a problem">
      <Stack gap="4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <FormField label="What went wrong?" error={errors.reason} required>
          <OptionsSelect
            registration={form.register('reason')}
            options={disputeReasons}
            labelOf={(reason) => disputeReasonLabels[reason]}
            placeholder="Choose a reason"
          />
        </FormField>
        <FormField
          label="Tell us more"
          error={errors.description}
          required
          helperText="What happened, when you noticed, and anything the seller or payee told you."
        >
          <Textarea rows={4} {...form.register('description')} />
        </FormField>
        <FormField
          label="Attachments (optional)"
          helperText={`Receipts or screenshots: up to ${MAX_FILES} images (PNG, JPEG or GIF, 10 MB each).`}
        >
          <Input
            type="file"
            accept="image/png,image/jpeg,image/gif"
            multiple
            p="1"
            onChange={(event) =>
              setFiles(Array.from(event.currentTarget.files ?? []).slice(0, MAX_FILES))
            }
          />
        </FormField>
        {progress !== null && files.length > 0 ? (
          <Progress.Root value={Math.round(progress * 100)} size="sm">
            <Progress.Label>Uploading</Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button type="submit" loading={isSubmitting} loadingText="Sending…">
            Send report
          </Button>
          <Button type="button" variant="outline" onClick={props.onCancel}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/**
 * 'Report a problem' on a transaction: opens a dispute (worked as a support ticket), shows the
 * ones already opened, and after an 'unauthorised' report offers to secure the account at once.
 */
export function ReportProblem({ transactionId }: { transactionId: string }) {
  // The detail page asked for the same movement: this reads it from the cache.
  const movement = trpc.transactions.byId.useQuery({ id: transactionId });
  if (!movement.data) return null;
  return <ProblemCard transaction={movement.data} />;
}

function ProblemCard({ transaction }: { transaction: Transaction }) {
  const disputes = trpc.disputes.mine.useQuery({ transactionId: transaction.id });
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState<{ unauthorised: boolean } | null>(null);
  const list = disputes.data?.data ?? [];
  const openOne = list.find(isOpenDispute);
  if (!canDispute(transaction) && list.length === 0) return null;
  return (
    <Stack gap="4">
      <Card.Root as="section" aria-labelledby="problem-heading" variant="outline">
        <Card.Header>
          <Heading as="h2" id="problem-heading" size="md">
            Something wrong with this payment?
          </Heading>
        </Card.Header>
        <Card.Body gap="4">
          {reported ? (
            <SuccessAlert>
              We received your report. You can follow it under My disputes; we will also tell you by
              e-mail.
            </SuccessAlert>
          ) : null}
          {list.map((dispute) => (
            <Flex key={dispute.id} gap="3" align="center" wrap="wrap">
              <DisputeStatusBadge status={dispute.status} />
              <Text fontSize="sm">
                {`${disputeReasonLabels[dispute.reason]} · reported ${formatDate(dispute.createdAt)}`}
                {dispute.creditedAmount > 0
                  ? ` · ${formatMoney(dispute.creditedAmount)} credited provisionally`
                  : ''}
              </Text>
              <ChakraLink asChild color="brand.fg" fontSize="sm">
                <Link to="/disputes" search={{ dispute: dispute.id }}>
                  See the dispute
                </Link>
              </ChakraLink>
            </Flex>
          ))}
          {open ? (
            <ReportForm
              transaction={transaction}
              onCancel={() => setOpen(false)}
              onDone={(unauthorised) => {
                setOpen(false);
                setReported({ unauthorised });
              }}
            />
          ) : openOne || !canDispute(transaction) ? null : (
            <Stack gap="2" align="flex-start">
              <Text color="fg.muted" fontSize="sm">
                A payment you did not make, a wrong amount, a double charge or something you never
                received: tell us and we will look into it.
              </Text>
              <Button variant="outline" onClick={() => setOpen(true)}>
                <LuFlag aria-hidden="true" /> Report a problem
              </Button>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      {reported?.unauthorised ? <SecureAccountOffer /> : null}
    </Stack>
  );
}
