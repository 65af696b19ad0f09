import { lazy, Suspense } from 'react';
import { Spinner } from '../../../../components/spinner';
import type { ThemedChartProps } from './themed-chart';

const ThemedChart = lazy(() => import('./themed-chart'));

/** A course chart, with echarts loaded on first use in a chunk of its own. */
export function Chart(props: ThemedChartProps) {
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <ThemedChart {...props} />
    </Suspense>
  );
}
