import type { ChartBar } from '@/components/ui/day-bar-chart';

/**
 * Watch seconds as bars: in minutes, or in seconds while the largest is under two minutes (a first
 * day's 40 s would otherwise be a bar of 0.7 on a 0–1 axis).
 */
export function watchBars(rows: { label: string; seconds: number }[]): {
  unit: 'minutes' | 'seconds';
  bars: ChartBar[];
} {
  const unit = Math.max(0, ...rows.map((r) => r.seconds)) < 120 ? 'seconds' : 'minutes';
  return {
    unit,
    bars: rows.map((r) => ({
      label: r.label,
      value: unit === 'seconds' ? Math.round(r.seconds) : Math.round((r.seconds / 60) * 10) / 10,
    })),
  };
}

/**
 * A bar chart (chart.js) of values by label, e.g. minutes per day. The canvas is an image with a
 * name; the same numbers follow in a table for screen readers. Import it through
 * `lazy-day-bar-chart` so chart.js loads only where a chart is shown.
 */
