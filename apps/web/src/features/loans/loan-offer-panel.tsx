import type { loanTypes } from '@bank/validators/loans';
import { Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { apiErrorInfo, errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type LoanType = (typeof loanTypes)[number];
type Product = RouterOutputs['loans']['types']['loanTypes'][number];

const CALCULATE_DELAY_MS = 350;

/** The offer for what is typed so far, recalculated by the server once typing pauses. */
export function useLiveOffer(type: LoanType | undefined, amount: number, term: number) {
  const [settled, setSettled] = useState<{ type: LoanType; amount: number; term: number } | null>(
    null,
  );
  useEffect(() => {
    const ready =
      type && Number.isFinite(amount) && amount > 0 && Number.isInteger(term) && term > 0;
    const timer = setTimeout(
      () => setSettled(ready ? { type, amount, term } : null),
      CALCULATE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [type, amount, term]);
  return trpc.loans.calculate.useQuery(settled ?? { type: 'personal', amount: 1, term: 1 }, {
    enabled: settled !== null,
    retry: false,
  });
}

/** The loan product's terms and the live estimate: monthly payment, rate and totals. */
export function OfferPanel(props: {
  product: Product | undefined;
  offer: ReturnType<typeof useLiveOffer>;
  ready: boolean;
}) {
  const { product, offer } = props;
  const figures = offer.data;
  const refusal = offer.isError
    ? apiErrorInfo(offer.error)
        .details.map((detail) => detail.message)
        .join('. ') || errorMessage(offer.error, 'The offer could not be calculated')
    : null;
  return (
    <Card.Root variant="subtle" as="aside" aria-labelledby="offer-heading">
      <Card.Body gap="4">
        <Heading as="h2" id="offer-heading" size="md">
          Your estimate
        </Heading>
        {product ? (
          <Text fontSize="sm" color="fg.muted">
            {`${product.name}: ${formatMoney(product.minAmount)} to ${formatMoney(product.maxAmount)}, ${product.minTerm} to ${product.maxTerm} months, ${product.interestRate}% a year.`}
          </Text>
        ) : null}
        <div aria-live="polite">
          {!props.ready ? (
            <Text fontSize="sm" color="fg.muted">
              Choose a loan type, an amount and a term to see your monthly payment.
            </Text>
          ) : refusal ? (
            <Text fontSize="sm" color="fg.error">
              {refusal}
            </Text>
          ) : !figures ? (
            <Stack gap="2" role="status" aria-label="Calculating">
              <Skeleton height="8" />
              <Skeleton height="5" />
            </Stack>
          ) : (
            <Stack as="dl" gap="3" m="0">
              <Stack gap="0">
                <Text as="dt" fontSize="sm" color="fg.muted">
                  Monthly payment
                </Text>
                <Text
                  as="dd"
                  m="0"
                  fontSize="2xl"
                  fontWeight="bold"
                  fontVariantNumeric="tabular-nums"
                >
                  {formatMoney(figures.monthlyPayment)}
                </Text>
              </Stack>
              {[
                { label: 'Interest rate', value: `${figures.interestRate}%` },
                { label: 'Total interest', value: formatMoney(figures.totalInterest), money: true },
                {
                  label: 'Total payable',
                  value: formatMoney(figures.totalPayable),
                  money: true,
                  strong: true,
                },
              ].map((row) => (
                <HStack key={row.label} justify="space-between">
                  <Text as="dt" fontSize="sm" color="fg.muted">
                    {row.label}
                  </Text>
                  <Text
                    as="dd"
                    m="0"
                    fontWeight={row.strong ? 'semibold' : undefined}
                    fontVariantNumeric={row.money ? 'tabular-nums' : undefined}
                  >
                    {row.value}
                  </Text>
                </HStack>
              ))}
            </Stack>
          )}
        </div>
      </Card.Body>
    </Card.Root>
  );
}
