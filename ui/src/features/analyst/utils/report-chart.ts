import type { EChartsOption } from 'echarts';
import type { ReportCell, ReportComplete } from '@evergrade/contracts';

export type ReportPalette = { text: string; muted: string; grid: string; series: string[] };

export const REPORT_COLOURS = {
  text: ['--text', '#1f2937'],
  muted: ['--text-muted', '#6b7280'],
  grid: ['--border', '#e5e7eb'],
  brand: ['--brand', '#2f6f4f'],
  accent: ['--accent', '#3b82f6'],
  info: ['--info', '#0ea5e9'],
  warning: ['--warning', '#d97706'],
  danger: ['--danger', '#dc2626'],
  success: ['--success', '#16a34a'],
} satisfies Record<string, [string, string]>;

export function paletteOf(c: Record<keyof typeof REPORT_COLOURS, string>): ReportPalette {
  return { text: c.text, muted: c.muted, grid: c.grid, series: [c.brand, c.accent, c.warning, c.info, c.danger, c.success] };
}

/** At most this many points per series are drawn; the table and the CSV keep every row. */
export const MAX_POINTS = 200;

const num = (v: ReportCell | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const label = (v: ReportCell | undefined): string => (v === null || v === undefined ? '—' : String(v));

/**
 * The chart the report suggests: `y` columns against `x`, one series per value of `series` when set. Category x
 * values keep the order of the rows; a numeric or datetime x is drawn on a value or time axis.
 */
export function reportChartOption(result: ReportComplete, palette: ReportPalette, width: number): EChartsOption | null {
  const chart = result.chart;
  if (!chart || result.rows.length === 0) return null;
  const column = (key: string) => result.columns.find((c) => c.key === key);
  const xType = column(chart.x)?.type ?? 'string';
  const axisType =
    xType === 'datetime' ? 'time' : chart.kind === 'scatter' && (xType === 'number' || xType === 'integer') ? 'value' : 'category';
  const rows = result.rows.slice(0, MAX_POINTS * 5);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = chart.series ? label(row[chart.series]) : '';
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const categories = axisType === 'category' ? [...new Set(rows.map((r) => label(r[chart.x])))].slice(0, MAX_POINTS) : undefined;
  const series = [...groups].flatMap(([group, groupRows]) =>
    chart.y.map((y) => {
      const name = [group, column(y)?.label ?? y].filter(Boolean).join(' · ');
      const data = categories
        ? categories.map((c) => {
            const values = groupRows.filter((r) => label(r[chart.x]) === c).map((r) => num(r[y]));
            const present = values.filter((v): v is number => v !== null);
            return present.length ? present.reduce((a, b) => a + b, 0) : null;
          })
        : groupRows.slice(0, MAX_POINTS).map((r) => [xType === 'datetime' ? String(r[chart.x]) : num(r[chart.x]), num(r[y])]);
      return {
        type: chart.kind,
        name,
        data,
        ...(chart.kind === 'line' ? { showSymbol: true } : {}),
        ...(chart.kind === 'scatter' ? { symbolSize: 8 } : {}),
      };
    }),
  );
  const narrow = width > 0 && width < 480;
  const axisLabel = { color: palette.muted, fontSize: 11 };
  return {
    color: palette.series,
    aria: { enabled: true },
    tooltip: { trigger: chart.kind === 'scatter' ? 'item' : 'axis' },
    legend: series.length > 1 ? { type: 'scroll', top: 0, textStyle: { color: palette.text } } : undefined,
    grid: { left: 8, right: 16, top: series.length > 1 ? 40 : 16, bottom: 12, containLabel: true },
    xAxis: {
      type: axisType,
      ...(categories ? { data: categories } : {}),
      axisLabel: { ...axisLabel, rotate: categories && (narrow || categories.length > 8) ? 40 : 0, hideOverlap: true },
      axisLine: { lineStyle: { color: palette.grid } },
      // A category axis is named by its labels; a value or time axis by its column.
      ...(categories ? {} : { name: column(chart.x)?.label, nameLocation: 'middle', nameGap: 30, nameTextStyle: { color: palette.muted } }),
    },
    yAxis: {
      type: 'value',
      axisLabel,
      splitLine: { lineStyle: { color: palette.grid } },
      ...(chart.y.every((y) => column(y)?.type === 'integer') ? { minInterval: 1 } : {}),
    },
    series,
  } as EChartsOption;
}
