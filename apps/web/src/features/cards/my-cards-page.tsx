import { type CardInput, cardInput, cardUpdateInput } from '@bank/validators/money';
import {
  Box,
  Button,
  Card,
  chakra,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { LuTrash2 } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { CardCvvInput, CardExpiryInput, CardNumberInput } from '../../components/card-inputs.tsx';
import { useConfirmation } from '../../components/confirm-dialog.tsx';
import { FormField, SubmitButton } from '../../components/form-field.tsx';
import { OptionsSelect } from '../../components/options-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { firstPage } from '../../lib/page-data.ts';
import { notify } from '../../lib/toaster.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/zod-form.ts';

type SavedCard = RouterOutputs['cards']['list']['cards'][number];

/** docs/product.md 7: the first load asks for page 1, ten cards. */

const cardTypes = ['debit', 'credit'] as const;

/** The add and edit forms: a heading that names the form, then its fields. */
function CardForm(props: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-labelledby="card-form-heading">
      <Stack gap="4">
        <Heading as="h2" id="card-form-heading" size="md">
          {props.title}
        </Heading>
        {props.children}
      </Stack>
    </form>
  );
}

/** Card type and name on card, asked for alike when adding and editing. */
function CardTypeAndNameFields(props: {
  errors: Partial<Record<'type' | 'name', FieldError>>;
  register: (name: 'type' | 'name') => UseFormRegisterReturn;
}) {
  const { errors, register } = props;
  return (
    <>
      <FormField label="Card type" error={errors.type} required>
        <OptionsSelect registration={register('type')} options={cardTypes} labelOf={humanize} />
      </FormField>
      <FormField label="Name on card" error={errors.name} required>
        <Input autoComplete="cc-name" {...register('name')} />
      </FormField>
    </>
  );
}

/** 'MM/YY' as the month and four-digit year the edit call also carries (docs/product.md 2.16). */
export function splitExpiry(expiry: string): { expiryMonth: number; expiryYear: number } {
  const [month, year] = expiry.split('/');
  return { expiryMonth: Number(month), expiryYear: 2000 + Number(year) };
}

const emptyCard: CardInput = { type: 'debit', name: '', number: '', expiry: '', cvv: '' };

function AddCardForm() {
  const utils = trpc.useUtils();
  const create = trpc.cards.create.useMutation();
  const form = useZodForm(cardInput, emptyCard);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify({ type: 'success', message: 'Card added successfully' });
      form.reset();
      await utils.cards.list.invalidate();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to add card') });
    }
  });
  return (
    <CardForm title="Add Card" onSubmit={onSubmit}>
      <CardTypeAndNameFields errors={errors} register={form.register} />
      <FormField label="Card number" error={errors.number} required>
        <CardNumberInput {...form.register('number')} />
      </FormField>
      <SimpleGrid columns={2} gap="4">
        <FormField label="Expiry" error={errors.expiry} required>
          <CardExpiryInput {...form.register('expiry')} />
        </FormField>
        <FormField label="CVV" error={errors.cvv} required>
          <CardCvvInput {...form.register('cvv')} />
        </FormField>
      </SimpleGrid>
      <SubmitButton pending={isSubmitting} pendingText="Saving…">
        Add Card
      </SubmitButton>
    </CardForm>
  );
}

function EditCardForm({ card, onDone }: { card: SavedCard; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.cards.update.useMutation();
  const form = useZodForm(cardUpdateInput, {
    id: card.id,
    type: card.type,
    name: card.name,
    expiry: card.expiry,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const expiry = values.expiry ?? card.expiry;
    try {
      await update.mutateAsync({ ...values, expiry, ...splitExpiry(expiry) });
      notify({ type: 'success', message: 'Card updated successfully' });
      await utils.cards.list.invalidate();
      onDone();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error, 'Failed to update card') });
    }
  });
  return (
    <CardForm title="Edit Card" onSubmit={onSubmit}>
      <CardTypeAndNameFields errors={errors} register={form.register} />
      <FormField
        label="Card number"
        readOnly
        helperText="The card number cannot be changed. Add the new card instead."
      >
        <Input value={card.number} readOnly name="maskedNumber" />
      </FormField>
      <SimpleGrid columns={2} gap="4">
        <FormField label="Expiry" error={errors.expiry} required>
          <CardExpiryInput {...form.register('expiry')} />
        </FormField>
        <FormField label="CVV" error={errors.cvv} helperText="Leave empty to keep it.">
          <CardCvvInput
            {...form.register('cvv', {
              setValueAs: (value: string) => (value === '' ? undefined : value),
            })}
          />
        </FormField>
      </SimpleGrid>
      <HStack gap="3">
        <Button type="submit" loading={isSubmitting} loadingText="Saving…">
          Update Card
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </CardForm>
  );
}

function CardTile(props: {
  card: SavedCard;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const { card } = props;
  return (
    <Box as="li" listStyleType="none" position="relative">
      <chakra.button
        type="button"
        onClick={props.onSelect}
        aria-pressed={props.selected}
        w="full"
        textAlign="start"
        p="5"
        borderRadius="l3"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.950"
        outline={props.selected ? '3px solid' : undefined}
        outlineColor="brand.focusRing"
        outlineOffset="2px"
        cursor="pointer"
        _hover={{ boxShadow: 'md' }}
        focusVisibleRing="outside"
      >
        <Stack gap="4">
          <Text
            fontSize="sm"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wide"
            pe="8"
          >
            {humanize(card.type)}
          </Text>
          <Text fontFamily="mono" fontSize="md" letterSpacing="wide" whiteSpace="nowrap">
            {card.number}
          </Text>
          <Flex justify="space-between" gap="3" fontSize="sm">
            <Text truncate>{card.name}</Text>
            <Text flexShrink="0">
              <Text as="span" srOnly>
                Expires{' '}
              </Text>
              {card.expiry}
            </Text>
          </Flex>
        </Stack>
      </chakra.button>
      <IconButton
        position="absolute"
        top="3"
        insetEnd="3"
        size="sm"
        variant="ghost"
        color="white"
        _hover={{ bg: 'whiteAlpha.300' }}
        aria-label={`Remove card ending ${card.last4}`}
        onClick={props.onRemove}
      >
        <LuTrash2 />
      </IconButton>
    </Box>
  );
}

/** docs/product.md 2.16: saved cards as tiles; picking one edits it; add and remove. */
export function MyCardsPage() {
  const utils = trpc.useUtils();
  const cards = trpc.cards.list.useQuery(firstPage);
  const remove = trpc.cards.remove.useMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = cards.data?.cards ?? [];
  const selected = list.find((card) => card.id === selectedId) ?? null;
  const removal = useConfirmation<SavedCard>({
    title: 'Remove card',
    confirmLabel: 'Remove',
    pending: remove.isPending,
    question: (card) =>
      `Are you sure you want to remove the ${card.type} card ending ${card.last4}?`,
    run: async (card) => {
      await remove.mutateAsync({ id: card.id });
      if (selectedId === card.id) setSelectedId(null);
      return { message: 'Card removed successfully' };
    },
    reload: () => utils.cards.list.invalidate(),
    failedMessage: 'Failed to remove card',
  });

  return (
    <Stack gap="6">
      <PageTitle title="My Cards">
        Saved cards make deposits quicker. Choose a card to edit it.
      </PageTitle>
      <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Box as="section" aria-labelledby="saved-cards-heading" flex="3" w="full">
          <Heading as="h2" id="saved-cards-heading" size="md" mb="3">
            Saved cards
          </Heading>
          {cards.isPending ? (
            <SimpleGrid
              columns={{ base: 1, md: 2 }}
              gap="4"
              role="status"
              aria-label="Loading cards"
            >
              <Skeleton height="40" borderRadius="l3" />
              <Skeleton height="40" borderRadius="l3" />
            </SimpleGrid>
          ) : cards.isError ? (
            <ErrorAlert>{errorMessage(cards.error, 'Failed to fetch cards')}</ErrorAlert>
          ) : list.length === 0 ? (
            <Text color="fg.muted" p="6" borderWidth="1px" borderStyle="dashed" borderRadius="l3">
              No saved cards yet. Add your first card with the form.
            </Text>
          ) : (
            <SimpleGrid
              as="ul"
              aria-label="Saved cards"
              columns={{ base: 1, md: 2 }}
              gap="4"
              m="0"
              p="0"
            >
              {list.map((card) => (
                <CardTile
                  key={card.id}
                  card={card}
                  selected={card.id === selectedId}
                  onSelect={() => setSelectedId(card.id === selectedId ? null : card.id)}
                  onRemove={() => removal.ask(card)}
                />
              ))}
            </SimpleGrid>
          )}
        </Box>
        <Card.Root variant="outline" flex="2" w="full">
          <Card.Body>
            {selected ? (
              <EditCardForm key={selected.id} card={selected} onDone={() => setSelectedId(null)} />
            ) : (
              <AddCardForm />
            )}
          </Card.Body>
        </Card.Root>
      </Flex>
      {removal.dialog}
    </Stack>
  );
}
