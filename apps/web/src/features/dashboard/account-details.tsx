import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuLandmark, LuShare2 } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

export type AccountDetails = RouterOutputs['accounts']['list']['data'][number];

export const SHARED_MESSAGE = 'Account details copied to clipboard';

/** Digits in groups of four from the left, as a card or a cheque prints them: "4123 4567 8085". */
export function groupDigits(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What 'Share account details' copies: every line a payer needs, the numbers ungrouped. */
export function accountDetailsText(account: AccountDetails): string {
  return [
    `${account.bankName} account details`,
    `Account holder: ${account.holderName}`,
    `Account number: ${account.accountNumber}`,
    `Routing number: ${account.routingNumber}`,
    `Account type: ${humanize(account.type)}`,
    `Bank: ${account.bankName}`,
  ].join('\n');
}

function Detail(props: { label: string; value: string; shown?: string; copyLabel?: string }) {
  return (
    <Flex justify="space-between" align="center" gap="3" py="2.5" borderBottomWidth="1px">
      <Stack gap="0" minW="0">
        <Text as="dt" fontSize="sm" color="fg.muted">
          {props.label}
        </Text>
        <Text
          as="dd"
          m="0"
          fontWeight="medium"
          fontFamily={props.copyLabel ? 'mono' : undefined}
          fontSize={props.copyLabel ? 'md' : undefined}
          letterSpacing={props.copyLabel ? 'wide' : undefined}
          wordBreak="break-word"
        >
          {props.shown ?? props.value}
        </Text>
      </Stack>
      {props.copyLabel ? (
        <CopyButton
          value={props.value}
          label={`Copy ${props.copyLabel}`}
          successMessage={`${humanize(props.copyLabel)} copied to clipboard`}
        />
      ) : null}
    </Flex>
  );
}

/** One account: what a payer needs, each number with its copy button, and the share button. */
export function AccountDetailsCard({ account }: { account: AccountDetails }) {
  const title = `${humanize(account.type)} account`;
  return (
    <Box
      as="section"
      aria-label={`${title} ${account.accountNumber.slice(-4)}`}
      borderWidth="1px"
      borderRadius="l3"
      overflow="hidden"
    >
      <Flex
        bg="brand.subtle"
        px="4"
        py="3"
        justify="space-between"
        align="center"
        gap="3"
        wrap="wrap"
      >
        <HStack gap="2">
          <LuLandmark aria-hidden="true" />
          <Text fontWeight="semibold">{title}</Text>
        </HStack>
        <Badge variant="surface" fontVariantNumeric="tabular-nums">
          {formatMoney(account.available)} available
        </Badge>
      </Flex>
      <Stack gap="0" px="4" pb="4">
        <Box as="dl" m="0">
          <Detail label="Account holder" value={account.holderName} />
          <Detail
            label="Account number"
            value={account.accountNumber}
            shown={groupDigits(account.accountNumber)}
            copyLabel="account number"
          />
          <Detail label="Routing number" value={account.routingNumber} copyLabel="routing number" />
          <Detail label="Bank" value={account.bankName} />
        </Box>
        <Button
          mt="4"
          width={{ base: 'full', sm: 'auto' }}
          alignSelf={{ sm: 'flex-start' }}
          onClick={() => void copyToClipboard(accountDetailsText(account), SHARED_MESSAGE)}
        >
          <LuShare2 aria-hidden="true" /> Share account details
        </Button>
      </Stack>
    </Box>
  );
}

/** Every account of the customer, read when the panel opens. */
function AccountDetailsList() {
  const accounts = trpc.accounts.list.useQuery();
  if (accounts.isPending) {
    return (
      <Stack gap="3" role="status" aria-label="Loading account details">
        <Skeleton height="12" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  if (accounts.isError) {
    return (
      <ErrorAlert>{errorMessage(accounts.error, 'Failed to fetch account details')}</ErrorAlert>
    );
  }
  return (
    <Stack gap="4">
      {accounts.data.data.map((account) => (
        <AccountDetailsCard key={account.accountNumber} account={account} />
      ))}
    </Stack>
  );
}

/**
 * The dashboard's 'Account details' button and its panel: what an employer needs for direct
 * deposit, or anyone paying from another bank, ready to copy or share in one go.
 */
export function AccountDetailsButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" size="xs">
          <LuLandmark aria-hidden="true" /> Account details
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '4' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Account details</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" fontSize="sm">
                  Give these details to your employer for direct deposit, or to anyone paying you
                  from another bank.
                </Text>
                {open ? <AccountDetailsList /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
