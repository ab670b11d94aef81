import { type AnalyticsPeriod, analyticsPeriods } from '@bank/validators/enums';
import { BarList, type BarListData, Chart, useChart } from '@chakra-ui/charts';
import {
  Box,
  Button,
  ButtonGroup,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '../../components/alerts.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatCompactMoney, formatMoney, humanize } from '../../lib/format.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Analytics = RouterOutputs['oversight']['analytics'];

const monthShort = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const numberFormat = new Intl.NumberFormat('en-US');

/** 'YYYY-MM-DD' (a UTC day) as 'Mar 7', without time-zone shifts. */
export function formatDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${monthShort[(month ?? 1) - 1] ?? ''} ${date ?? ''}`;
}

/** Saves `csv` as a file through a temporary object URL. */
function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function Panel(props: { id: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={props.id} variant="outline" minW="0">
      <Card.Header pb="2" px={{ base: '4', md: '5' }}>
        <Heading as="h2" id={props.id} size="md">
          {props.title}
        </Heading>
        {props.note ? (
          <Text fontSize="sm" color="fg.muted">
            {props.note}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body px={{ base: '3', md: '5' }} pt="2">
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

/** The numbers behind a chart, for screen readers (the drawing itself is hidden from them). */
function HiddenTable(props: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are days, fixed in order
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

const axisTick = { fontSize: 12 };

function SignUpsChart({ data }: { data: Analytics['signUps'] }) {
  const chart = useChart({
    data,
    series: [{ name: 'count', color: 'brand.solid', label: 'Sign-ups' }],
  });
  return (
    <>
      <Chart.Root chart={chart} aspectRatio="auto" h={{ base: '52', md: '64' }} aria-hidden="true">
        <BarChart
          data={chart.data}
          responsive
          accessibilityLayer={false}
          margin={{ left: -16, right: 4, top: 8 }}
        >
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis
            dataKey={chart.key('day')}
            tickFormatter={formatDay}
            tick={axisTick}
            minTickGap={16}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            allowDecimals={false}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            labelFormatter={(label) => formatDay(String(label))}
            content={<Chart.Tooltip />}
          />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              name={String(item.label)}
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              fill={chart.color(item.color)}
              radius={[3, 3, 0, 0]}
            />
          ))}
        </BarChart>
      </Chart.Root>
      <HiddenTable
        caption="Sign-ups per day"
        headers={['Day', 'Sign-ups']}
        rows={data.map((row) => [formatDay(row.day), row.count])}
      />
    </>
  );
}

function FlowsChart({ data }: { data: Analytics['depositsVsWithdrawals'] }) {
  const chart = useChart({
    data,
    series: [
      { name: 'deposits', color: 'green.solid', label: 'Deposits' },
      { name: 'withdrawals', color: 'red.solid', label: 'Withdrawals' },
    ],
  });
  return (
    <>
      <Chart.Root chart={chart} aspectRatio="auto" h={{ base: '56', md: '72' }} aria-hidden="true">
        <BarChart
          data={chart.data}
          responsive
          accessibilityLayer={false}
          margin={{ left: 0, right: 4, top: 8 }}
        >
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis
            dataKey={chart.key('day')}
            tickFormatter={formatDay}
            tick={axisTick}
            minTickGap={16}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            tickFormatter={(value: number) => formatCompactMoney(value)}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={52}
          />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            labelFormatter={(label) => formatDay(String(label))}
            formatter={(value) => formatMoney(Number(value))}
            content={<Chart.Tooltip />}
          />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              name={String(item.name)}
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              fill={chart.color(item.color)}
              radius={[3, 3, 0, 0]}
            />
          ))}
        </BarChart>
      </Chart.Root>
      <HiddenTable
        caption="Deposits and withdrawals per day"
        headers={['Day', 'Deposits', 'Withdrawals']}
        rows={data.map((row) => [
          formatDay(row.day),
          formatMoney(row.deposits),
          formatMoney(row.withdrawals),
        ])}
      />
    </>
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

function TypesTable({ data }: { data: Analytics['transactionsByType'] }) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="l2"
      role="region"
      aria-label="Transactions by type, figures"
      tabIndex={0}
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Count</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Volume</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((row) => (
            <Table.Row key={row.type}>
              <Table.Cell>{humanize(row.type)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {numberFormat.format(row.count)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {formatMoney(row.volume)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
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

function Figures({ data }: { data: Analytics }) {
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

/** DESIGN.md 5: the bank's activity over 7, 30 or 90 days (UTC), drawn and downloadable. */
export function AnalyticsPage(props: {
  days: AnalyticsPeriod;
  onDaysChange: (days: AnalyticsPeriod) => void;
}) {
  const { days, onDaysChange } = props;
  const analytics = trpc.oversight.analytics.useQuery(
    { days },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await utils.oversight.analyticsCsv.fetch({ days }, { staleTime: 0 });
      downloadCsv(file.filename, file.csv);
    } catch (error) {
      setExportError(errorMessage(error, 'Failed to export analytics'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <Flex gap="3" align="flex-end" justify="space-between" wrap="wrap">
        <Stack gap="1" minW="48" flex="1">
          <Heading as="h1" size="2xl">
            Analytics
          </Heading>
          <Text color="fg.muted">
            {analytics.data
              ? `${formatDay(analytics.data.from)} to ${formatDay(analytics.data.to)} (UTC)`
              : 'The bank’s activity by day'}
          </Text>
        </Stack>
        <Flex gap="2" wrap="wrap">
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Period">
            {analyticsPeriods.map((period) => (
              <Button
                key={period}
                aria-pressed={period === days}
                variant={period === days ? 'solid' : 'outline'}
                onClick={() => onDaysChange(period)}
              >
                {`${period} days`}
              </Button>
            ))}
          </ButtonGroup>
          <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={exporting}>
            <LuDownload aria-hidden="true" /> Download CSV
          </Button>
        </Flex>
      </Flex>
      {exportError ? <ErrorAlert>{exportError}</ErrorAlert> : null}
      {analytics.isError ? (
        <ErrorAlert>{errorMessage(analytics.error, 'Failed to fetch analytics')}</ErrorAlert>
      ) : !analytics.data ? (
        <Stack gap="4" role="status" aria-label="Loading analytics">
          <Skeleton height="20" />
          <Skeleton height="64" />
          <Skeleton height="64" />
        </Stack>
      ) : (
        <Box
          aria-busy={analytics.isPlaceholderData}
          opacity={analytics.isPlaceholderData ? 0.6 : 1}
        >
          <Figures data={analytics.data} />
        </Box>
      )}
    </Stack>
  );
}
