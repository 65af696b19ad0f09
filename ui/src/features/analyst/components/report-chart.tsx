import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner';
import type { ReportChartProps } from './themed-report-chart';

const ThemedReportChart = lazy(() => import('./themed-report-chart'));

/** The report's chart, with echarts loaded in a chunk of its own the first time a report is drawn. */
export function ReportChart(props: ReportChartProps) {
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <ThemedReportChart {...props} />
    </Suspense>
  );
}
