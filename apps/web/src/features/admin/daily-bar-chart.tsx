import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../lib/format.ts';

const axisTick = { fontSize: 12 };

interface DailySeries<Row> {
  name: keyof Row & string;
  color: string;
  label: string;
}

/**
 * Bars per day of the period (the same figures are in a table for screen readers beside it,
 * analytics-figures.tsx). The sign-ups and the deposits-against-withdrawals charts differ only
 * in what this is given.
 */
export function DailyBarChart<Row extends { day: string }>(props: {
  data: Row[];
  series: DailySeries<Row>[];
  height: { base: string; md: string };
  marginLeft: number;
  yAxis: { width: number; allowDecimals?: boolean; tickFormatter?: (value: number) => string };
  /** How a bar's figure reads in the tooltip; as it is when not given. */
  formatValue?: (value: number) => string;
  /** A legend names the series by their keys (and the bars then carry the keys). */
  legend?: boolean;
}) {
  const { formatValue } = props;
  const chart = useChart<Row>({ data: props.data, series: props.series });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={props.height} aria-hidden="true">
      <BarChart
        data={chart.data}
        responsive
        accessibilityLayer={false}
        margin={{ left: props.marginLeft, right: 4, top: 8 }}
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
          allowDecimals={props.yAxis.allowDecimals}
          tickFormatter={props.yAxis.tickFormatter}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={props.yAxis.width}
        />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          labelFormatter={(label) => formatDay(String(label))}
          formatter={formatValue ? (value) => formatValue(Number(value)) : undefined}
          content={<Chart.Tooltip />}
        />
        {props.legend ? <Legend content={<Chart.Legend />} /> : null}
        {props.series.map((item) => (
          <Bar
            key={item.name}
            name={props.legend ? item.name : item.label}
            isAnimationActive={false}
            dataKey={String(item.name)}
            fill={chart.color(item.color)}
            radius={[3, 3, 0, 0]}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
