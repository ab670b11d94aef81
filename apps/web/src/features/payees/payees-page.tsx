import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus, LuSend, LuUserRound } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.tsx';
import { EditAndDeleteButtons, SavedItemTile } from '../../components/saved-item-tile.tsx';
import { TileList, useDeleteConfirmation } from '../../components/tile-list.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { AddPayeeDialog } from './add-payee-dialog.tsx';
import { confirmationBadge, type SavedPayee } from './confirmation.ts';
import { EditPayeeDialog } from './edit-payee-dialog.tsx';

function PayeeTile(props: { payee: SavedPayee; onEdit: () => void; onDelete: () => void }) {
  const { payee } = props;
  const badge = payee.confirmation.result ? confirmationBadge[payee.confirmation.result] : null;
  return (
    <SavedItemTile
      icon={<LuUserRound size="20" />}
      name={payee.name}
      details={
        <>
          <HStack gap="2" wrap="wrap">
            <Badge variant="subtle" colorPalette="gray">
              {payee.bank === 'internal' ? 'Horizon Bank' : 'Another bank'}
            </Badge>
            <Text fontFamily="mono" fontSize="sm" color="fg.muted">
              {`••••${payee.accountNumber}`}
            </Text>
            {payee.routingNumber ? (
              <Text fontFamily="mono" fontSize="sm" color="fg.muted">
                {`Routing ${payee.routingNumber}`}
              </Text>
            ) : null}
          </HStack>
          {badge ? (
            <HStack gap="2" wrap="wrap">
              <Badge variant="subtle" colorPalette={badge.palette}>
                {badge.label}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {`Holder: ${payee.confirmation.holder ?? ''}`}
              </Text>
            </HStack>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            {payee.dailyLimit === null
              ? `Added ${formatDate(payee.createdAt)}`
              : `Added ${formatDate(payee.createdAt)} · Limit ${formatMoney(payee.dailyLimit)} a day`}
          </Text>
        </>
      }
      actions={
        <HStack gap="2" wrap="wrap">
          <Button asChild size="xs" variant="ghost">
            <Link to="/transfer" search={{ payee: payee.id }} aria-label={`Pay ${payee.name}`}>
              <LuSend aria-hidden="true" /> Pay
            </Link>
          </Button>
          <EditAndDeleteButtons name={payee.name} onEdit={props.onEdit} onDelete={props.onDelete} />
        </HStack>
      }
    />
  );
}

/** Saved payees: add (with a second factor), rename, set a daily limit, delete, pay. */
export function PayeesPage() {
  const utils = trpc.useUtils();
  const payees = trpc.payees.list.useQuery();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SavedPayee | null>(null);
  const deletion = useDeleteConfirmation<SavedPayee>({
    title: 'Delete payee',
    remove: trpc.payees.remove.useMutation(),
    reload: () => utils.payees.list.invalidate(),
    failedMessage: 'Failed to delete payee',
  });

  return (
    <Stack gap="6">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageTitle title="Payees">
          People and accounts you pay, saved with a second factor.
        </PageTitle>
        <Button onClick={() => setAdding(true)} alignSelf={{ base: 'flex-start', sm: 'auto' }}>
          <LuPlus aria-hidden="true" /> Add payee
        </Button>
      </Flex>
      <Box as="section" aria-labelledby="saved-payees-heading">
        <Heading as="h2" id="saved-payees-heading" size="md" mb="3">
          Saved payees
        </Heading>
        <TileList
          label="Payees"
          items={payees.data?.data}
          failed={payees.isError}
          loadingLabel="Loading payees"
          failedText="Error loading payees"
          emptyText="No payees yet. Add the people and companies you pay, and send to them in two clicks."
          tile={(payee) => (
            <PayeeTile
              key={payee.id}
              payee={payee}
              onEdit={() => setEditing(payee)}
              onDelete={() => deletion.ask(payee)}
            />
          )}
        />
      </Box>
      {adding ? <AddPayeeDialog open onClose={() => setAdding(false)} /> : null}
      {editing ? (
        <EditPayeeDialog key={editing.id} payee={editing} open onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}
