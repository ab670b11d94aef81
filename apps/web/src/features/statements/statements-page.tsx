import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { ErrorAlert } from '../../components/alerts.tsx';
import { type Column, cellStyles, DataTable } from '../../components/data-table.tsx';
import { EmptyList, ListSpinner } from '../../components/list-states.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatMoney, formatMonth } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { RangeStatementForm } from './range-statement-form.tsx';
import { VerifyStatementForm } from './verify-statement-form.tsx';

type Statement = RouterOutputs['statements']['list']['data'][number];

const formats = [
  { format: 'pdf', label: 'PDF' },
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
] as const;

/** Where a month's statement downloads from (the REST path: the browser saves the file). */
export function statementHref(row: Pick<Statement, 'period' | 'accountNumber'>, format: string) {
  const query = new URLSearchParams({ format, account: row.accountNumber });
  return `/api/v1/statements/${row.period}?${query}`;
}

const monthName = (period: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-15T00:00:00Z`),
  );

const columns: Column<Statement>[] = [
  {
    header: 'Month',
    cell: (row) => (
      <HStack gap="2">
        <Text as="span" fontWeight="medium">
          {formatMonth(row.period)}
        </Text>
        {row.provisional ? (
          <Badge colorPalette="orange" variant="subtle">
            To date
          </Badge>
        ) : null}
      </HStack>
    ),
    cellProps: cellStyles.nowrap,
  },
  {
    header: 'Account',
    cell: (row) => `••${row.accountNumber.slice(-4)}`,
    cellProps: { fontFamily: 'mono', whiteSpace: 'nowrap' },
  },
  {
    header: 'Opening balance',
    headerProps: { textAlign: 'end' },
    cell: (row) => formatMoney(row.openingBalance),
    cellProps: cellStyles.figure,
  },
  {
    header: 'Closing balance',
    headerProps: { textAlign: 'end' },
    cell: (row) => formatMoney(row.closingBalance),
    cellProps: cellStyles.figure,
  },
  {
    header: 'Download',
    cell: (row) => (
      <HStack gap="1">
        {formats.map(({ format, label }) => (
          <Button key={format} asChild size="xs" variant="outline">
            <a
              href={statementHref(row, format)}
              download
              aria-label={`${monthName(row.period)} statement${row.provisional ? ' to date' : ''} as ${label}`}
            >
              {format === 'pdf' ? <LuDownload aria-hidden="true" /> : null}
              {label}
            </a>
          </Button>
        ))}
      </HStack>
    ),
  },
];

/** /statements: each month's statement, a statement for any dates, and checking one. */
export function StatementsPage() {
  const query = trpc.statements.list.useQuery();
  const accounts = [...new Set(query.data?.data.map((row) => row.accountNumber) ?? [])];
  return (
    <Stack gap="6">
      <PageTitle title="Statements">
        Your account month by month, for a landlord, a lender or your taxes. A closed month’s
        statement never changes; the current month’s runs to today.
      </PageTitle>
      <SectionCard title="Monthly statements">
        {query.isError ? (
          <ErrorAlert>
            Error loading statements
            <Text as="span" display="block">
              {errorMessage(query.error, 'Please try again later.')}
            </Text>
          </ErrorAlert>
        ) : query.isPending ? (
          <ListSpinner label="Loading statements" />
        ) : query.data.data.length === 0 ? (
          <EmptyList title="No statements yet" />
        ) : (
          <>
            <Box hideBelow="md">
              <DataTable
                label="Statements by month"
                rows={query.data.data}
                columns={columns}
                rowKey={(row) => `${row.accountNumber}-${row.period}`}
              />
            </Box>
            {/* A phone lists each month as a card, its downloads in reach. */}
            <Stack as="ul" hideFrom="md" gap="3" m="0" p="0">
              {query.data.data.map((row) => (
                <Stack
                  as="li"
                  key={`${row.accountNumber}-${row.period}`}
                  listStyleType="none"
                  gap="2"
                  p="3"
                  borderWidth="1px"
                  borderRadius="l2"
                >
                  <HStack justify="space-between" wrap="wrap">
                    {columns[0]?.cell(row)}
                    <Text fontFamily="mono" fontSize="sm" color="fg.muted">
                      ••{row.accountNumber.slice(-4)}
                    </Text>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {formatMoney(row.openingBalance)} → {formatMoney(row.closingBalance)}
                  </Text>
                  {columns[4]?.cell(row)}
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </SectionCard>
      <SectionCard title="Statement for any dates">
        <RangeStatementForm accounts={accounts} />
      </SectionCard>
      <SectionCard title="Check a statement">
        <VerifyStatementForm />
      </SectionCard>
    </Stack>
  );
}
