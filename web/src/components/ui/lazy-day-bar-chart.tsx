import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from './spinner';

const DayBarChart = lazy(() => import('./day-bar-chart'));

/** The bar chart, with chart.js in its own chunk: fetched the first time a chart is shown. */
export function LazyDayBarChart({
  loadingLabel,
  ...props
}: ComponentProps<typeof DayBarChart> & { loadingLabel: string }) {
  return (
    <Suspense fallback={<Spinner label={loadingLabel} />}>
      <DayBarChart {...props} />
    </Suspense>
  );
}
