import { freezeInput, freezeModes, holdInput } from '@bank/validators/restrictions';
import { Badge, Button, Checkbox, Flex, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ControlledCheckbox } from '../../components/controlled-checkbox.tsx';
import { FormField } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { QueryBody } from './query-body.tsx';

type RestrictedAccount = RouterOutputs['restrictions']['ofUser']['accounts'][number];

const modeLabels = {
  all: 'All movement',
  debits: 'Debits only (money out)',
  credits: 'Credits only (money in)',
} as const;

const freezeForm = freezeInput.omit({ accountNumber: true });
const holdForm = holdInput.omit({ accountNumber: true });

/**
 * Runs one restriction change: its message as a toast, `then` (a form clears itself), and the
 * panel and the user page fetched again; a failure is a toast saying `failed`.
 */
function useRestrictionChange() {
  const utils = trpc.useUtils();
  return async (change: () => Promise<{ message: string }>, failed: string, then?: () => void) => {
    try {
      notify({ type: 'success', message: (await change()).message });
      then?.();
      await Promise.all([utils.restrictions.ofUser.invalidate(), utils.admin.user.invalidate()]);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, failed) });
    }
  };
}

/** A restriction's form: its three fields side by side on a wide screen, then the rest under them. */
function RestrictionForm(props: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props.label}>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {props.fields}
        </SimpleGrid>
        {props.children}
      </Stack>
    </form>
  );
}

function FreezeForm({ accountNumber }: { accountNumber: string }) {
  const freeze = trpc.restrictions.freeze.useMutation();
  const run = useRestrictionChange();
  const form = useForm({
    resolver: zodResolver(freezeForm),
    mode: 'onTouched',
    defaultValues: { mode: 'debits' as const, reason: '', expiresAt: undefined, fraud: false },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    run(
      () => freeze.mutateAsync({ accountNumber, ...values }),
      'Failed to freeze the account',
      () => form.reset(),
    ),
  );
  return (
    <RestrictionForm
      label={`Freeze account ${accountNumber}`}
      onSubmit={onSubmit}
      fields={
        <>
          <FormField label="Freeze" error={errors.mode}>
            <OptionsSelect
              registration={form.register('mode')}
              options={freezeModes}
              labelOf={(mode) => modeLabels[mode]}
            />
          </FormField>
          <FormField label="Reason" error={errors.reason}>
            <Input {...form.register('reason')} />
          </FormField>
          <FormField label="Until (optional)" error={errors.expiresAt}>
            <Input
              type="date"
              {...form.register('expiresAt', {
                setValueAs: (value: string) => (value === '' ? undefined : value),
              })}
            />
          </FormField>
        </>
      }
    >
      {/* Controlled: a registered hidden checkbox would send its value ("on"), not true. */}
      <Controller
        control={form.control}
        name="fraud"
        render={({ field }) => (
          <ControlledCheckbox field={field} checked={field.value === true} topAligned>
            <Checkbox.Label>
              Suspected fraud (lifting it will need a second administrator)
            </Checkbox.Label>
          </ControlledCheckbox>
        )}
      />
      <Button
        type="submit"
        alignSelf="flex-start"
        colorPalette="red"
        variant="outline"
        loading={isSubmitting}
      >
        Freeze account
      </Button>
    </RestrictionForm>
  );
}

function HoldForm({ accountNumber }: { accountNumber: string }) {
  const place = trpc.restrictions.placeHold.useMutation();
  const run = useRestrictionChange();
  const form = useForm({
    resolver: zodResolver(holdForm),
    mode: 'onTouched',
    defaultValues: { reason: '', expiresAt: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    run(
      () => place.mutateAsync({ accountNumber, ...values }),
      'Failed to place the hold',
      () => form.reset(),
    ),
  );
  return (
    <RestrictionForm
      label={`Hold an amount on ${accountNumber}`}
      onSubmit={onSubmit}
      fields={
        <>
          <FormField label="Amount (USD)" error={errors.amount}>
            <Input
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              {...form.register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label="Hold reason" error={errors.reason}>
            <Input {...form.register('reason')} />
          </FormField>
          <FormField label="Until" error={errors.expiresAt}>
            <Input type="date" {...form.register('expiresAt')} />
          </FormField>
        </>
      }
    >
      <Button type="submit" alignSelf="flex-start" variant="outline" loading={isSubmitting}>
        Place hold
      </Button>
    </RestrictionForm>
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
        <Flex
          gap="3"
          p="3"
          borderWidth="1px"
          borderRadius="l2"
          borderColor="red.muted"
          bg="red.subtle"
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Stack gap="0.5">
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette="red">Frozen</Badge>
              {freeze.fraud ? <Badge colorPalette="purple">Suspected fraud</Badge> : null}
              <Text fontWeight="medium">{modeLabels[freeze.mode]}</Text>
            </Flex>
            <Text fontSize="sm">Reason: {freeze.reason}</Text>
            <Text fontSize="sm" color="fg.muted">
              {freeze.frozenAt ? `Since ${formatDateTime(freeze.frozenAt)}` : ''}
              {freeze.expiresAt
                ? ` · until ${formatDateTime(freeze.expiresAt)}`
                : ' · until lifted'}
            </Text>
            {freeze.fraud ? (
              <Text fontSize="sm" color="fg.muted">
                Lifting it may need a second administrator (bank settings).
              </Text>
            ) : null}
          </Stack>
          <Button
            size="sm"
            variant="outline"
            loading={lift.isPending}
            onClick={() =>
              void act(
                () => lift.mutateAsync({ accountNumber: account.accountNumber }),
                'Failed to lift the freeze',
              )
            }
          >
            Lift freeze
          </Button>
        </Flex>
      ) : (
        <FreezeForm accountNumber={account.accountNumber} />
      )}
      {account.holds.length > 0 ? (
        <Stack as="ul" aria-label="Holds" gap="2" listStyleType="none" m="0" p="0">
          {account.holds.map((hold) => (
            <Flex
              as="li"
              key={hold.id}
              gap="3"
              justify="space-between"
              align={{ base: 'flex-start', sm: 'center' }}
              direction={{ base: 'column', sm: 'row' }}
              py="2"
              borderBottomWidth="1px"
            >
              <Stack gap="0.5">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="medium">{formatMoney(hold.amount)}</Text>
                  <Badge colorPalette={hold.active ? 'orange' : 'gray'}>
                    {hold.active ? 'Active' : hold.releasedAt ? 'Released' : 'Expired'}
                  </Badge>
                </Flex>
                <Text fontSize="sm">{hold.reason}</Text>
                <Text fontSize="sm" color="fg.muted">
                  Until {formatDate(hold.expiresAt)}
                </Text>
              </Stack>
              {hold.active ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={release.isPending && release.variables?.id === hold.id}
                  onClick={() =>
                    void act(
                      () => release.mutateAsync({ id: hold.id }),
                      'Failed to release the hold',
                    )
                  }
                >
                  Release
                </Button>
              ) : null}
            </Flex>
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
    <SectionCard title="Freezes and holds">
      <QueryBody
        query={restrictions}
        loadingLabel="Loading freezes and holds"
        failedMessage="Failed to load freezes and holds"
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
      </QueryBody>
    </SectionCard>
  );
}
