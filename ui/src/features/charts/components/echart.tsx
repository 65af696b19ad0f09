import { useEffect, useRef } from 'react';
import type { EChartsOption } from 'echarts';
import { init, use, type ECharts } from 'echarts/core';
import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, RadarComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the four charts use: this module (and echarts) loads with the dashboard's chunk, never the main one.
use([PieChart, LineChart, BarChart, RadarChart, TitleComponent, TooltipComponent, LegendComponent, GridComponent, RadarComponent, AriaComponent, CanvasRenderer]);

type Props = { option: EChartsOption; label: string; height?: number; testId?: string; onItemClick?: (name: string) => void };

/** One echarts instance on a canvas; follows its container's width. */
export function EChart({ option, label, height = 280, testId, onItemClick }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onItemClick) return;
    const handler = (params: { name?: string }) => {
      if (params.name) onItemClick(params.name);
    };
    instance.on('click', handler);
    return () => void instance.off('click', handler);
  }, [onItemClick]);

  return <div ref={ref} className="echart" role="img" aria-label={label} style={{ height }} data-testid={testId} />;
}
