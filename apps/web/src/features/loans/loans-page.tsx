import {
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { LinkRow, RowList } from '../../components/link-rows.tsx';
import { PageButtons } from '../../components/page-buttons.tsx';
import { SkeletonRows } from '../../components/skeleton-rows.tsx';
import { useArrivalMessage } from '../../lib/arrival-message.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/format.ts';
import { PAGE_SIZE } from '../../lib/page-data.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { LoanProducts } from './loan-products.tsx';
import { LoanSummary } from './loan-summary.tsx';

type LoanItem = RouterOutputs['loans']['list']['data'][number];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0" minW="24">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Stack>
  );
}

function LoanListItem({ loan }: { loan: LoanItem }) {
  return (
    <LinkRow display="block">
      <Link to="/loans/$id" params={{ id: loan.id }}>
        <LoanSummary loan={loan} size="md" />
        <Flex gap={{ base: '4', md: '8' }} mt="2" wrap="wrap">
          <Figure label="Term" value={`${loan.term} months`} />
          <Figure label="Interest rate" value={`${loan.interestRate}%`} />
          <Figure label="Monthly payment" value={formatMoney(loan.monthlyPayment)} />
        </Flex>
      </Link>
    </LinkRow>
  );
}

/** docs/product.md 2.18: the product tiles and the customer's loans; a list error replaces the page. */
export function LoansPage() {
  useArrivalMessage();
  const [page, setPage] = useState(1);
  const list = trpc.loans.list.useQuery(
    { page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  if (list.isError) {
    return <ErrorAlert>{errorMessage(list.error, 'Failed to fetch loans')}</ErrorAlert>;
  }
  const data = list.data;
  return (
    <Stack gap="8">
      <Flex gap="3" align="center" wrap="wrap">
        <Stack gap="1" flex="1" minW="48">
          <Heading as="h1" size="2xl">
            My Loans
          </Heading>
          <Text color="fg.muted">Borrow at a fixed rate, see every payment ahead of time.</Text>
        </Stack>
        <Button asChild>
          <Link to="/loans/apply">
            <LuPlus aria-hidden="true" /> Apply for Loan
          </Link>
        </Button>
      </Flex>

      <Stack as="section" gap="3" aria-labelledby="products-heading">
        <Heading as="h2" id="products-heading" size="lg">
          Our loans
        </Heading>
        <LoanProducts />
      </Stack>

      <Stack as="section" gap="3" aria-labelledby="your-loans-heading">
        <Heading as="h2" id="your-loans-heading" size="lg">
          Your loans
        </Heading>
        <Card.Root variant="outline">
          {!data ? (
            <SkeletonRows label="Loading loans" rows={2} height="16" padding="4" />
          ) : data.data.length === 0 ? (
            <Stack gap="2" p="8" align="center" textAlign="center">
              <Text fontWeight="semibold">No loans</Text>
              <ChakraLink asChild color="brand.fg" fontWeight="medium">
                <Link to="/loans/apply">Apply for your first loan</Link>
              </ChakraLink>
            </Stack>
          ) : (
            <RowList label="Your loans">
              {data.data.map((loan) => (
                <LoanListItem key={loan.id} loan={loan} />
              ))}
            </RowList>
          )}
        </Card.Root>
        {data && data.total > PAGE_SIZE ? (
          <HStack justify="flex-end" gap="2">
            <PageButtons page={page} hasNext={data.hasMore} onPage={setPage} />
          </HStack>
        ) : null}
      </Stack>
    </Stack>
  );
}
