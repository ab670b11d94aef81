import { Badge, Link as ChakraLink, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { SavedItemSelect } from '../../components/saved-item-select.tsx';
import { formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Payee = RouterOutputs['payees']['list']['data'][number];

const checkLabel = {
  match: 'Name matched when saved',
  close: 'Close match when saved',
  no_match: 'Name did not match when saved',
} as const;

function PayeeSummary({ payee }: { payee: Payee }) {
  const { result, holder } = payee.confirmation;
  return (
    <Stack gap="1" fontSize="sm" color="fg.muted" data-testid="payee-summary">
      <HStack gap="2" wrap="wrap">
        <Badge variant="subtle" colorPalette="gray">
          {payee.bank === 'internal' ? 'Horizon Bank' : 'Another bank'}
        </Badge>
        <Text fontFamily="mono">{`••••${payee.accountNumber}`}</Text>
        {payee.routingNumber ? (
          <Text fontFamily="mono">{`Routing ${payee.routingNumber}`}</Text>
        ) : null}
      </HStack>
      {result ? <Text>{`${checkLabel[result]}: ${holder ?? ''}`}</Text> : null}
      {payee.dailyLimit !== null ? (
        <Text>{`Limit ${formatMoney(payee.dailyLimit)} a day`}</Text>
      ) : null}
    </Stack>
  );
}

/**
 * Chooses a saved payee for the transfer, or a new recipient typed by hand. Its own component:
 * the transfer form only learns the payee's id.
 */
export function PayeePicker(props: {
  value: string | undefined;
  onChange: (payeeId: string | undefined) => void;
}) {
  const payees = trpc.payees.list.useQuery();
  const list = payees.data?.data ?? [];
  const chosen = list.find((payee) => payee.id === props.value);
  return (
    <Field.Root>
      <Field.Label>Pay to</Field.Label>
      <SavedItemSelect
        items={list}
        labelOf={(payee) => `${payee.name} ••••${payee.accountNumber}`}
        noneLabel="New recipient"
        value={chosen?.id}
        onChange={props.onChange}
      />
      <Field.HelperText>
        {chosen ? (
          <PayeeSummary payee={chosen} />
        ) : (
          <ChakraLink asChild color="brand.fg">
            <Link to="/payees">{list.length === 0 ? 'Save a payee' : 'Manage payees'}</Link>
          </ChakraLink>
        )}
      </Field.HelperText>
    </Field.Root>
  );
}
