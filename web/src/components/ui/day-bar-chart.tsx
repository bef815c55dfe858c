import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// only what a bar chart needs (tree-shaken chart.js); this module is always imported lazily
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export type ChartBar = { label: string; value: number };

export default function DayBarChart({
  title,
  valueLabel,
  bars,
  testId,
  counts = false,
}: {
  title: string;
  valueLabel: string;
  bars: ChartBar[];
  testId: string;
  /** the values are counts: the axis steps by whole numbers (no 0.1 members) */
  counts?: boolean;
}) {
  return (
    <figure className="day-chart" data-testid={testId}>
      <div className="day-chart__canvas">
        <Bar
          role="img"
          aria-label={title}
          data={{
            labels: bars.map((b) => b.label),
            datasets: [
              {
                label: valueLabel,
                data: bars.map((b) => b.value),
                backgroundColor: '#2563eb',
                maxBarThickness: 40,
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false } },
            scales: {
              y: {
                beginAtZero: true,
                title: { display: true, text: valueLabel },
                ...(counts ? { ticks: { precision: 0 } } : {}),
              },
            },
          }}
        />
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {bars.map((b) => (
            <tr key={b.label}>
              <th scope="row">{b.label}</th>
              <td>{b.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
