import { formatCompactMoney, formatMoney } from '../../lib/format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { DailyBarChart } from './daily-bar-chart.tsx';

// The analytics page's two day charts, in a chunk of their own: recharts is most of the page's
// JavaScript, and the figures, tables and breakdowns need none of it (analytics-figures.tsx).

type Analytics = RouterOutputs['oversight']['analytics'];
type Height = { base: string; md: string };

export function SignUpsBars({ data, height }: { data: Analytics['signUps']; height: Height }) {
  return (
    <DailyBarChart
      data={data}
      series={[{ name: 'count', color: 'brand.solid', label: 'Sign-ups' }]}
      height={height}
      marginLeft={-16}
      yAxis={{ width: 40, allowDecimals: false }}
    />
  );
}

export function FlowsBars({
  data,
  height,
}: {
  data: Analytics['depositsVsWithdrawals'];
  height: Height;
}) {
  return (
    <DailyBarChart
      data={data}
      series={[
        { name: 'deposits', color: 'green.solid', label: 'Deposits' },
        { name: 'withdrawals', color: 'red.solid', label: 'Withdrawals' },
      ]}
      height={height}
      marginLeft={0}
      yAxis={{ width: 52, tickFormatter: (value) => formatCompactMoney(value) }}
      formatValue={formatMoney}
      legend
    />
  );
}
