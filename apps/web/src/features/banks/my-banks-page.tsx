import { bankInput } from '@bank/validators/money';
import {
  Badge,
  Box,
  Button,
  Card,
  Collapsible,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuChevronDown, LuLandmark } from 'react-icons/lu';
import { DetailList } from '../../components/detail-list.tsx';
import { SubmitButton } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { EditAndDeleteButtons, SavedItemTile } from '../../components/saved-item-tile.tsx';
import { SavedItemsSection, type TileActions } from '../../components/tile-list.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';
import { BankFields } from './bank-fields.tsx';
import type { SavedBank } from './update-bank-dialog.tsx';

const loadUpdateBankDialog = () => import('./update-bank-dialog.tsx');
const UpdateBankDialog = lazy(() =>
  loadUpdateBankDialog().then((module) => ({ default: module.UpdateBankDialog })),
);

function AddBankForm() {
  const utils = trpc.useUtils();
  const create = trpc.banks.create.useMutation();
  const form = useZodForm(bankInput, {
    name: '',
    accountNumber: '',
    routingNumber: '',
    accountType: 'checking',
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      notify({ type: 'success', message: result.message });
      form.reset();
      await utils.banks.list.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to add bank') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-bank-heading">
      <Stack gap="4">
        <Heading as="h2" id="add-bank-heading" size="md">
          Add Bank
        </Heading>
        <BankFields errors={errors} register={form.register} />
        <SubmitButton pending={isSubmitting} pendingText="Saving…">
          Add Bank
        </SubmitButton>
      </Stack>
    </form>
  );
}

function BankTile(props: { bank: SavedBank } & TileActions) {
  const { bank } = props;
  return (
    <SavedItemTile
      icon={<LuLandmark size="20" />}
      name={bank.name}
      details={
        <HStack gap="2" wrap="wrap">
          <Badge variant="subtle" colorPalette="gray">
            {humanize(bank.accountType)}
          </Badge>
          <Text fontFamily="mono" fontSize="sm" color="fg.muted">
            {bank.maskedAccountNumber}
          </Text>
        </HStack>
      }
      actions={
        <Collapsible.Root>
          <HStack gap="2" wrap="wrap">
            <Collapsible.Trigger asChild>
              <Button size="xs" variant="ghost" aria-label={`Details of ${bank.name}`}>
                Details
                <Collapsible.Indicator
                  transition="transform 0.2s"
                  _open={{ transform: 'rotate(180deg)' }}
                >
                  <LuChevronDown />
                </Collapsible.Indicator>
              </Button>
            </Collapsible.Trigger>
            <EditAndDeleteButtons
              name={bank.name}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onEditIntent={() => void loadUpdateBankDialog()}
            />
          </HStack>
          <Collapsible.Content>
            <Box mt="3" pt="3" borderTopWidth="1px">
              <DetailList
                size="sm"
                rows={[
                  { label: 'Account number', value: bank.accountNumber, mono: true },
                  { label: 'Routing number', value: bank.routingNumber, mono: true },
                  { label: 'Account type', value: humanize(bank.accountType) },
                ]}
              />
            </Box>
          </Collapsible.Content>
        </Collapsible.Root>
      }
    />
  );
}

/** docs/product.md 2.17: linked banks with details, update and delete, and an add-bank form. */
export function MyBanksPage() {
  const utils = trpc.useUtils();
  const banks = trpc.banks.list.useQuery();
  const remove = trpc.banks.remove.useMutation();

  return (
    <Stack gap="6">
      <PageTitle title="My Banks">Linked bank accounts for deposits and withdrawals.</PageTitle>
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <SavedItemsSection
          heading="Linked banks"
          flex="3"
          w="full"
          label="Linked banks"
          noun={{ one: 'bank', many: 'banks' }}
          list={banks}
          emptyText="No banks found"
          remove={remove}
          reload={() => utils.banks.list.invalidate()}
          tile={(bank, actions) => <BankTile key={bank.id} bank={bank} {...actions} />}
          editDialog={(bank, close) => (
            <Suspense fallback={null}>
              <UpdateBankDialog key={bank.id} bank={bank} open onClose={close} />
            </Suspense>
          )}
        />
        <Card.Root variant="outline" flex="2" w="full">
          <Card.Body>
            <AddBankForm />
          </Card.Body>
        </Card.Root>
      </Flex>
    </Stack>
  );
}
