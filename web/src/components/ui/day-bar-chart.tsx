import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// only what a bar chart needs (tree-shaken chart.js); this module is always imported lazily
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export type ChartBar = { label: string; value: number };

/** A second set of bars beside the first (same unit), one value per bar of `bars`. */
export type ChartSecondSeries = { label: string; values: number[] };

const HORIZONTAL_ROW_PX = 34;
const AXIS_LABEL_MAX = 22;
const shortLabel = (label: string) =>
  label.length > AXIS_LABEL_MAX ? `${label.slice(0, AXIS_LABEL_MAX - 1).trimEnd()}…` : label;

export default function DayBarChart({
  title,
  valueLabel,
  bars,
  testId,
  counts = false,
  labelledBy,
  horizontal = false,
  second,
}: {
  /** the chart's accessible name (and the hidden table's caption) unless `labelledBy` names it */
  title: string;
  valueLabel: string;
  bars: ChartBar[];
  testId: string;
  /** the values are counts: the axis steps by whole numbers (no 0.1 members) */
  counts?: boolean;
  /** the id of a visible heading that names the chart (aria-labelledby instead of aria-label) */
  labelledBy?: string;
  /** bars run left to right (long labels such as product names read well); height follows the bars */
  horizontal?: boolean;
  second?: ChartSecondSeries;
}) {
  const valueAxis = {
    beginAtZero: true,
    title: { display: true, text: valueLabel },
    ...(counts ? { ticks: { precision: 0 } } : {}),
  };
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': title };
  return (
    <figure className="day-chart" data-testid={testId}>
      <div
        className="day-chart__canvas"
        style={horizontal ? { height: Math.max(140, bars.length * HORIZONTAL_ROW_PX + 70) } : undefined}
      >
        <Bar
          role="img"
          {...name}
          data={{
            labels: bars.map((b) => b.label),
            datasets: [
              {
                label: valueLabel,
                data: bars.map((b) => b.value),
                backgroundColor: '#2563eb',
                maxBarThickness: 40,
              },
              ...(second
                ? [
                    {
                      label: second.label,
                      data: second.values,
                      backgroundColor: '#f59e0b',
                      maxBarThickness: 40,
                    },
                  ]
                : []),
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            indexAxis: horizontal ? 'y' : 'x',
            plugins: { legend: { display: Boolean(second), position: 'bottom' } },
            scales: horizontal
              ? {
                  x: valueAxis,
                  // a long product name would crowd the bars out: cut on the axis (whole in the tooltip and table)
                  y: { ticks: { callback: (_value, index) => shortLabel(bars[index]?.label ?? '') } },
                }
              : { y: valueAxis },
          }}
        />
      </div>
      {/* in a hidden box, not a hidden table: a table keeps its content width and pushed the page sideways */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          {second && (
            <thead>
              <tr>
                <td />
                <th scope="col">{valueLabel}</th>
                <th scope="col">{second.label}</th>
              </tr>
            </thead>
          )}
          <tbody>
            {bars.map((b, i) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.value}</td>
                {second && <td>{second.values[i] ?? 0}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
