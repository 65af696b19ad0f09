import { useEffect, useRef, useState } from 'react';
import type { EChartsOption } from 'echarts';
import { init, use as registerParts, type ECharts } from 'echarts/core';
import { BarChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, RadarComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import './echart.css';

// Only the chart types Evergrade draws: this module (and echarts) loads with the lazy chunks that chart, never the main one.
registerParts([
  PieChart,
  LineChart,
  BarChart,
  RadarChart,
  ScatterChart,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  GridComponent,
  RadarComponent,
  AriaComponent,
  CanvasRenderer,
]);

/** An option, or one built for the chart's width in px (labels that must fit it). */
export type ChartOption = EChartsOption | ((width: number) => EChartsOption);

type Props = { option: ChartOption; label: string; height?: number; testId?: string; onItemClick?: (name: string) => void };

/** One echarts instance on a canvas; follows its container's width. */
export function EChart({ option, label, height = 280, testId, onItemClick }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [width, setWidth] = useState(0);
  const applied = useRef('');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    applied.current = '';
    setWidth(el.clientWidth);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            instance.resize();
            setWidth(el.clientWidth);
          });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chart.current || (typeof option === 'function' && width === 0)) return;
    const next = typeof option === 'function' ? option(width) : option;
    // A resize that leaves the option as it was (most do) must not replay the chart's entry animation.
    const key = JSON.stringify(next);
    if (key === applied.current) return;
    applied.current = key;
    chart.current.setOption(next, { notMerge: true });
    // Which kind of chart is drawn (bar, radar...): the canvas cannot say, this attribute can.
    const series = Array.isArray(next.series) ? next.series[0] : next.series;
    if (ref.current) ref.current.dataset.chart = series?.type ?? '';
  }, [option, width]);

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
