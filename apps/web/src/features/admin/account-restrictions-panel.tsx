import { Badge, Button, Flex, type FlexProps, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { QuerySection } from './query-body.tsx';
import {
  FreezeForm,
  freezeModeLabels,
  HoldForm,
  useRestrictionChange,
} from './restriction-forms.tsx';

type RestrictedAccount = RouterOutputs['restrictions']['ofUser']['accounts'][number];

/** A freeze in force stands out in red; a hold is one line of the account's list of holds. */
const rowLooks = {
  freeze: {
    p: '3',
    borderWidth: '1px',
    borderRadius: 'l2',
    borderColor: 'red.muted',
    bg: 'red.subtle',
  },
  hold: { as: 'li', py: '2', borderBottomWidth: '1px' },
} satisfies Record<string, FlexProps>;

/**
 * A freeze or a hold: its badges and its lines of detail, and the button that ends it beside
 * them (under them on a phone).
 */
function RestrictionRow(props: {
  look: keyof typeof rowLooks;
  badges: ReactNode;
  children: ReactNode;
  end?: { label: string; pending: boolean; run: () => void };
}) {
  const { look, badges, children, end } = props;
  return (
    <Flex
      {...rowLooks[look]}
      gap="3"
      justify="space-between"
      align={{ base: 'flex-start', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
    >
      <Stack gap="0.5">
        <Flex gap="2" align="center" wrap="wrap">
          {badges}
        </Flex>
        {children}
      </Stack>
      {end ? (
        <Button size="sm" variant="outline" loading={end.pending} onClick={end.run}>
          {end.label}
        </Button>
      ) : null}
    </Flex>
  );
}

function AccountRestrictionsOf({ account }: { account: RestrictedAccount }) {
  const lift = trpc.restrictions.unfreeze.useMutation();
  const release = trpc.restrictions.releaseHold.useMutation();
  const act = useRestrictionChange();
  const { freeze } = account;
  return (
    <Stack gap="4" aria-label={`Restrictions of ${account.accountNumber}`} as="section">
      <Flex gap="3" wrap="wrap" align="baseline">
        <Text fontFamily="mono" fontWeight="medium">
          {account.accountNumber}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Balance {formatMoney(account.balance)} · Available {formatMoney(account.available)} · On
          hold {formatMoney(account.held)}
        </Text>
      </Flex>
      {freeze ? (
        <RestrictionRow
          look="freeze"
          badges={
            <>
              <Badge colorPalette="red">Frozen</Badge>
              {freeze.fraud ? <Badge colorPalette="purple">Suspected fraud</Badge> : null}
              <Text fontWeight="medium">{freezeModeLabels[freeze.mode]}</Text>
            </>
          }
          end={{
            label: 'Lift freeze',
            pending: lift.isPending,
            run: () =>
              void act(
                () => lift.mutateAsync({ accountNumber: account.accountNumber }),
                'Failed to lift the freeze',
              ),
          }}
        >
          <Text fontSize="sm">Reason: {freeze.reason}</Text>
          <Text fontSize="sm" color="fg.muted">
            {freeze.frozenAt ? `Since ${formatDateTime(freeze.frozenAt)}` : ''}
            {freeze.expiresAt ? ` · until ${formatDateTime(freeze.expiresAt)}` : ' · until lifted'}
          </Text>
          {freeze.fraud ? (
            <Text fontSize="sm" color="fg.muted">
              Lifting it may need a second administrator (bank settings).
            </Text>
          ) : null}
        </RestrictionRow>
      ) : (
        <FreezeForm accountNumber={account.accountNumber} />
      )}
      {account.holds.length > 0 ? (
        <Stack as="ul" aria-label="Holds" gap="2" listStyleType="none" m="0" p="0">
          {account.holds.map((hold) => (
            <RestrictionRow
              key={hold.id}
              look="hold"
              badges={
                <>
                  <Text fontWeight="medium">{formatMoney(hold.amount)}</Text>
                  <Badge colorPalette={hold.active ? 'orange' : 'gray'}>
                    {hold.active ? 'Active' : hold.releasedAt ? 'Released' : 'Expired'}
                  </Badge>
                </>
              }
              end={
                hold.active
                  ? {
                      label: 'Release',
                      pending: release.isPending && release.variables?.id === hold.id,
                      run: () =>
                        void act(
                          () => release.mutateAsync({ id: hold.id }),
                          'Failed to release the hold',
                        ),
                    }
                  : undefined
              }
            >
              <Text fontSize="sm">{hold.reason}</Text>
              <Text fontSize="sm" color="fg.muted">
                Until {formatDate(hold.expiresAt)}
              </Text>
            </RestrictionRow>
          ))}
        </Stack>
      ) : null}
      <HoldForm accountNumber={account.accountNumber} />
    </Stack>
  );
}

/**
 * The user page's freezes and holds: what is in force on each account, with reasons,
 * and the controls to freeze, lift, hold and release. Kept apart from the rest of the page.
 */
export function AccountRestrictionsPanel({ userId }: { userId: string }) {
  const restrictions = trpc.restrictions.ofUser.useQuery({ id: userId });
  return (
    <QuerySection
      title="Freezes and holds"
      query={restrictions}
      isEmpty={(data) => data.accounts.length === 0}
      empty={<Text color="fg.muted">No account yet</Text>}
    >
      {(data) => (
        <Stack gap="6">
          {data.accounts.map((account) => (
            <AccountRestrictionsOf key={account.accountNumber} account={account} />
          ))}
        </Stack>
      )}
    </QuerySection>
  );
}
