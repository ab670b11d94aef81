import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus, LuSend, LuUserRound } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.tsx';
import { EditAndDeleteButtons, SavedItemTile } from '../../components/saved-item-tile.tsx';
import { SavedItemsSection, type TileActions } from '../../components/tile-list.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { AddPayeeDialog } from './add-payee-dialog.tsx';
import { confirmationBadge, type SavedPayee } from './confirmation.ts';
import { EditPayeeDialog } from './edit-payee-dialog.tsx';

function PayeeTile(props: { payee: SavedPayee } & TileActions) {
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
  const remove = trpc.payees.remove.useMutation();
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="6">
      <PageTitle
        title="Payees"
        action={
          <Button onClick={() => setAdding(true)} alignSelf={{ base: 'flex-start', sm: 'auto' }}>
            <LuPlus aria-hidden="true" /> Add payee
          </Button>
        }
      >
        People and accounts you pay, saved with a second factor.
      </PageTitle>
      <SavedItemsSection
        heading="Saved payees"
        label="Payees"
        noun={{ one: 'payee', many: 'payees' }}
        list={payees}
        emptyText="No payees yet. Add the people and companies you pay, and send to them in two clicks."
        remove={remove}
        reload={() => utils.payees.list.invalidate()}
        tile={(payee, actions) => <PayeeTile key={payee.id} payee={payee} {...actions} />}
        editDialog={(payee, close) => (
          <EditPayeeDialog key={payee.id} payee={payee} open onClose={close} />
        )}
      />
      {adding ? <AddPayeeDialog open onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}
