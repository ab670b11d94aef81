import { Box, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatCompactMoney, formatMoney, formatMonth } from '../../lib/format.ts';

export interface MonthlyFigures {
  month: string;
  income: number;
  expenses: number;
}

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 52 };
const TICKS = 4;
const INCOME_COLOR = 'var(--chakra-colors-green-500)';
const EXPENSE_COLOR = 'var(--chakra-colors-red-500)';

/** A round step so that TICKS steps cover `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(max: number): number {
  if (max <= 0) return 25;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= raw) ?? 10;
  return factor * power;
}

/** The width of an element, kept up to date as the layout changes. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(Math.floor(measured));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Income and expenses by month as grouped bars (docs/architecture.md 7). Drawn in pixels of the
 * measured width so labels stay legible at 360 px; screen readers get the same numbers as a table.
 */
export function IncomeExpenseChart({ data }: { data: MonthlyFigures[] }) {
  const { ref, width } = useWidth(640);
  const titleId = useId();
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const largest = Math.max(0, ...data.flatMap((row) => [row.income, row.expenses]));
  const step = niceStep(largest);
  const top = step * TICKS;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const groupWidth = plotWidth / Math.max(data.length, 1);
  const barWidth = Math.max(2, Math.min(16, groupWidth * 0.34));
  // On a narrow phone every second month is labelled.
  const labelEvery = groupWidth < 34 ? 2 : 1;
  const totalIncome = data.reduce((sum, row) => sum + row.income, 0);
  const totalExpenses = data.reduce((sum, row) => sum + row.expenses, 0);
  const first = data[0];
  const last = data[data.length - 1];
  const period = first && last ? `${formatMonth(first.month)} to ${formatMonth(last.month)}` : '';

  return (
    <Stack gap="3">
      <HStack gap="4" fontSize="sm" aria-hidden="true">
        <HStack gap="1.5">
          <Box boxSize="3" borderRadius="sm" style={{ background: INCOME_COLOR }} />
          <Text>Income</Text>
        </HStack>
        <HStack gap="1.5">
          <Box boxSize="3" borderRadius="sm" style={{ background: EXPENSE_COLOR }} />
          <Text>Expenses</Text>
        </HStack>
      </HStack>
      <Box ref={ref} w="full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <title id={titleId}>
            {`Income and expenses by month, ${period}: income ${formatMoney(totalIncome)} in all, expenses ${formatMoney(totalExpenses)} in all. The table that follows lists each month.`}
          </title>
          {Array.from({ length: TICKS + 1 }, (_, index) => {
            const value = step * index;
            const lineY = y(value);
            return (
              <g key={value}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={lineY}
                  y2={lineY}
                  stroke="var(--chakra-colors-border)"
                  strokeDasharray={index === 0 ? undefined : '3 3'}
                />
                <text
                  x={MARGIN.left - 6}
                  y={lineY}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize="11"
                  fill="var(--chakra-colors-fg-muted)"
                >
                  {formatCompactMoney(value)}
                </text>
              </g>
            );
          })}
          {data.map((row, index) => {
            const center = MARGIN.left + groupWidth * index + groupWidth / 2;
            const baseline = y(0);
            return (
              <g key={row.month}>
                <rect
                  x={center - barWidth - 1}
                  y={y(row.income)}
                  width={barWidth}
                  height={Math.max(baseline - y(row.income), 0)}
                  rx="2"
                  fill={INCOME_COLOR}
                />
                <rect
                  x={center + 1}
                  y={y(row.expenses)}
                  width={barWidth}
                  height={Math.max(baseline - y(row.expenses), 0)}
                  rx="2"
                  fill={EXPENSE_COLOR}
                />
                {index % labelEvery === labelEvery - 1 || labelEvery === 1 ? (
                  <text
                    x={center}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize="11"
                    fill="var(--chakra-colors-fg-muted)"
                  >
                    {formatMonth(row.month, true)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>Income and expenses by month</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Month</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Income</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Expenses</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((row) => (
              <Table.Row key={row.month}>
                <Table.Cell>{formatMonth(row.month)}</Table.Cell>
                <Table.Cell>{formatMoney(row.income)}</Table.Cell>
                <Table.Cell>{formatMoney(row.expenses)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Stack>
  );
}
