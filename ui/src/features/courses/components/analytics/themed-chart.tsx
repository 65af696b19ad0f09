import { useCallback } from 'react';
import type { EChartsOption } from 'echarts';
import { EChart } from '../../../../components/echart/echart';
import { useCssColours } from '../../../../components/echart/theme-colours';
import { ANALYTICS_COLOURS, type AnalyticsPalette } from '../../utils/analytics-chart-options';

export type ChartBuilder = (palette: AnalyticsPalette, width: number) => EChartsOption;
export type ThemedChartProps = { build: ChartBuilder; label: string; testId: string; height?: number };

/** An echarts chart in the theme's colours (loaded lazily: echarts stays out of the course list's chunk). */
export default function ThemedChart({ build, label, testId, height }: ThemedChartProps) {
  const palette = useCssColours(ANALYTICS_COLOURS);
  const option = useCallback((width: number) => build(palette, width), [build, palette]);
  return <EChart option={option} label={label} testId={testId} height={height} />;
}
