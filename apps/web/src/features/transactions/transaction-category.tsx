import {
  type SpendingCategory,
  spendingCategories,
  spendingCategoryLabels,
} from '@bank/validators/categories';
import { Card, Field, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/toaster.ts';
import { trpc } from '../../lib/trpc.ts';

const isCategory = (value: string): value is SpendingCategory =>
  spendingCategories.some((category) => category === value);

/**
 * The customer's own spending category of one movement, changed in place: for them alone (the
 * other side of a transfer files it their way) and counted at once in the dashboard's spending
 * by category. Self-contained: mount it with the transaction.
 */
export function TransactionCategory(props: {
  transaction: { id: string; category: SpendingCategory };
}) {
  const { id, category } = props.transaction;
  const utils = trpc.useUtils();
  const save = trpc.transactions.setCategory.useMutation({
    onSuccess: (updated) => {
      utils.transactions.byId.setData({ id: updated.id }, updated);
      // The rows and the dashboard's sums read the new category.
      void utils.transactions.list.invalidate();
      void utils.transactions.stats.invalidate();
      notify({
        type: 'success',
        message: `Category changed to ${spendingCategoryLabels[updated.category]}`,
      });
    },
    onError: (error) =>
      notify({ type: 'error', message: errorMessage(error, 'Failed to change the category') }),
  });
  // While saving, the choice just made shows (a failure puts the stored one back).
  const shown = save.isPending ? save.variables.category : category;

  return (
    <Card.Root variant="outline">
      <Card.Body py="4" px={{ base: '4', md: '6' }}>
        <Field.Root disabled={save.isPending}>
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            gap={{ base: '2', sm: '4' }}
            align={{ base: 'stretch', sm: 'center' }}
            w="full"
          >
            <Field.Label m="0" fontWeight="semibold" flexShrink="0">
              Category
            </Field.Label>
            <HStack gap="2" flexShrink="0">
              <NativeSelect.Root size="sm" width={{ base: 'full', sm: '56' }}>
                <NativeSelect.Field
                  value={shown}
                  onChange={(event) => {
                    const next = event.target.value;
                    if (isCategory(next) && next !== category) save.mutate({ id, category: next });
                  }}
                >
                  {spendingCategories.map((option) => (
                    <option key={option} value={option}>
                      {spendingCategoryLabels[option]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {save.isPending ? <Spinner size="sm" aria-label="Saving the category" /> : null}
            </HStack>
            <Field.HelperText m="0">
              <Text as="span" fontSize="sm" color="fg.muted">
                Only you see it; your dashboard sums your spending by it.
              </Text>
            </Field.HelperText>
          </Stack>
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );
}
