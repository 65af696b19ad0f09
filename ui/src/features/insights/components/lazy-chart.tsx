import { lazy, Suspense } from 'react';
import type { ChartOption } from '../../../components/echart/echart';
import { Spinner } from '../../../components/spinner';

// echarts loads with this chunk the first time a chart is drawn: never with the page, never with the main chunk.
const EChart = lazy(() => import('../../../components/echart/echart').then((m) => ({ default: m.EChart })));

export function LazyChart(props: { option: ChartOption; label: string; height?: number; testId?: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <EChart {...props} />
    </Suspense>
  );
}
