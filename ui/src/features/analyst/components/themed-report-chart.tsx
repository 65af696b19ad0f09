import { useCallback } from 'react';
import type { ReportComplete } from '@evergrade/contracts';
import { EChart } from '../../../components/echart/echart';
import { useCssColours } from '../../../components/echart/theme-colours';
import { paletteOf, REPORT_COLOURS, reportChartOption } from '../utils/report-chart';

export type ReportChartProps = { result: ReportComplete; label: string };

/** The report's suggested chart in the theme's colours (this module, and echarts with it, load on first use). */
export default function ThemedReportChart({ result, label }: ReportChartProps) {
  const colours = useCssColours(REPORT_COLOURS);
  const option = useCallback((width: number) => reportChartOption(result, paletteOf(colours), width) ?? {}, [result, colours]);
  return <EChart option={option} label={label} testId="report-chart" height={320} />;
}
