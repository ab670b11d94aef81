import { BarList, type BarListData, useChart } from '@chakra-ui/charts';
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { formatDay, formatMoney, humanize } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { HiddenTable, numberFormat } from './analytics-panel.tsx';
import { Panel } from './panel.tsx';
import { figureColumn } from './table-columns.tsx';

type Analytics = RouterOutputs['oversight']['analytics'];

// The bars load on their own (recharts); the tables for screen readers, with the same figures,
// are drawn at once.
const SignUpsBars = lazy(() =>
  import('./analytics-charts.tsx').then((charts) => ({ default: charts.SignUpsBars })),
);
const FlowsBars = lazy(() =>
  import('./analytics-charts.tsx').then((charts) => ({ default: charts.FlowsBars })),
);

const signUpsHeight = { base: '52', md: '64' };
const flowsHeight = { base: '56', md: '72' };

/** A chart drawn once its code has come (a skeleton of its height until then), and its figures. */
function LazyChart(props: {
  height: { base: string; md: string };
  chart: ReactNode;
  figures: ComponentProps<typeof HiddenTable>;
}) {
  return (
    <>
      <Suspense fallback={<Skeleton h={props.height} />}>{props.chart}</Suspense>
      <HiddenTable {...props.figures} />
    </>
  );
}

function SignUpsChart({ data }: { data: Analytics['signUps'] }) {
  return (
    <LazyChart
      height={signUpsHeight}
      chart={<SignUpsBars data={data} height={signUpsHeight} />}
      figures={{
        caption: 'Sign-ups per day',
        headers: ['Day', 'Sign-ups'],
        rows: data.map((row) => [formatDay(row.day), row.count]),
      }}
    />
  );
}

function FlowsChart({ data }: { data: Analytics['depositsVsWithdrawals'] }) {
  return (
    <LazyChart
      height={flowsHeight}
      chart={<FlowsBars data={data} height={flowsHeight} />}
      figures={{
        caption: 'Deposits and withdrawals per day',
        headers: ['Day', 'Deposits', 'Withdrawals'],
        rows: data.map((row) => [
          formatDay(row.day),
          formatMoney(row.deposits),
          formatMoney(row.withdrawals),
        ]),
      }}
    />
  );
}

/** Horizontal bars with their figure: what share each type or status has. */
function Breakdown(props: {
  label: string;
  data: BarListData[];
  color: string;
  format: (value: number) => string;
}) {
  const chart = useChart<BarListData>({
    data: props.data,
    series: [{ name: 'name', color: props.color }],
  });
  return (
    <BarList.Root chart={chart} barSize="8" aria-label={props.label} role="group">
      <BarList.Content gap="3">
        <BarList.Bar label={({ payload }) => <Text as="span">{payload.name}</Text>} />
        <BarList.Value valueFormatter={props.format} />
      </BarList.Content>
    </BarList.Root>
  );
}

type TypeRow = Analytics['transactionsByType'][number];

const typeColumns: Column<TypeRow>[] = [
  { header: 'Type', cell: (row) => humanize(row.type) },
  figureColumn('Count', (row) => numberFormat.format(row.count)),
  figureColumn('Volume', (row) => formatMoney(row.volume)),
];

function TypesTable({ data }: { data: Analytics['transactionsByType'] }) {
  return (
    <DataTable
      label="Transactions by type, figures"
      rows={data}
      columns={typeColumns}
      rowKey={(row) => row.type}
    />
  );
}

function Totals({ data }: { data: Analytics }) {
  const signUps = data.signUps.reduce((total, row) => total + row.count, 0);
  const deposits = data.depositsVsWithdrawals.reduce((total, row) => total + row.deposits, 0);
  const withdrawals = data.depositsVsWithdrawals.reduce((total, row) => total + row.withdrawals, 0);
  const transactions = data.transactionsByType.reduce((total, row) => total + row.count, 0);
  const figures: Array<[string, string]> = [
    ['Sign-ups', numberFormat.format(signUps)],
    ['Transactions', numberFormat.format(transactions)],
    ['Deposits', formatMoney(deposits)],
    ['Withdrawals', formatMoney(withdrawals)],
  ];
  return (
    <SimpleGrid
      as="section"
      aria-label="Totals"
      columns={{ base: 2, md: 4 }}
      gap={{ base: '3', md: '4' }}
    >
      {figures.map(([label, value]) => (
        <Card.Root key={label} variant="outline">
          <Card.Body p={{ base: '3', md: '4' }} gap="1">
            <Text fontSize="sm" color="fg.muted" fontWeight="medium">
              {label}
            </Text>
            <Text
              fontSize={{ base: 'lg', md: 'xl' }}
              fontWeight="bold"
              fontVariantNumeric="tabular-nums"
            >
              {value}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** The period's totals, its two daily charts, and the breakdowns by type and status. */
export function Figures({ data }: { data: Analytics }) {
  const outstanding = data.loansByStatus.reduce((total, row) => total + row.outstanding, 0);
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Totals data={data} />
      <Panel id="signups-heading" title="Sign-ups per day">
        <SignUpsChart data={data.signUps} />
      </Panel>
      <Panel id="flows-heading" title="Deposits vs withdrawals">
        <FlowsChart data={data.depositsVsWithdrawals} />
      </Panel>
      <Panel
        id="types-heading"
        title="Transactions by type"
        note="Volume and count, excluding failed and cancelled"
      >
        <TypesTable data={data.transactionsByType} />
      </Panel>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }}>
        <Panel
          id="loans-heading"
          title="Loan book by status"
          note={`Every loan today; ${formatMoney(outstanding)} outstanding`}
        >
          <Breakdown
            label="Loans by status"
            color="purple.muted"
            format={(value) => numberFormat.format(value)}
            data={data.loansByStatus.map((row) => ({
              name: `${humanize(row.status)} · ${formatMoney(row.amount)}`,
              value: row.count,
            }))}
          />
        </Panel>
        <Panel id="tickets-heading" title="Tickets by status" note="Tickets opened in the period">
          <Breakdown
            label="Tickets by status"
            color="orange.muted"
            format={(value) => numberFormat.format(value)}
            data={data.ticketsByStatus.map((row) => ({
              name: humanize(row.status),
              value: row.count,
            }))}
          />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
