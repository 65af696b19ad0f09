import type { EChartsOption } from 'echarts';
import { INSIGHT_CONSTANTS } from '@evergrade/contracts';
import { percent1, type Bucket, type RadarData, type TrendPoint } from './analytics';

/** The course charts' colours, read from the theme's CSS variables (see ANALYTICS_COLOURS) so they follow light and dark. */
export type AnalyticsPalette = Record<keyof typeof ANALYTICS_COLOURS, string>;

/** CSS variable and light-theme fallback of each colour (`--course-band-*` are defined by the course analytics' CSS). */
export const ANALYTICS_COLOURS = {
  text: ['--text', '#15201c'],
  muted: ['--text-muted', '#5c6b66'],
  grid: ['--border', '#e2e7e5'],
  surface: ['--surface', '#ffffff'],
  brand: ['--brand', '#0b7a5c'],
  accent: ['--accent', '#6d4aff'],
  red: ['--danger', '#c0262d'],
  orange: ['--course-band-orange', '#ea580c'],
  yellow: ['--course-band-yellow', '#ca8a04'],
  green: ['--success', '#15803d'],
} satisfies Record<string, [string, string]>;

export const LIGHT: AnalyticsPalette = Object.fromEntries(
  Object.entries(ANALYTICS_COLOURS).map(([k, [, fallback]]) => [k, fallback]),
) as AnalyticsPalette;

/** A radar needs three axes to be a shape: with fewer rubric categories the same figures are bars. */
export const RADAR_MIN_AXES = 3;

const describe = (description: string) => ({ enabled: true, label: { description } });
const axisStyle = (p: AnalyticsPalette) => ({
  axisLine: { lineStyle: { color: p.grid } },
  axisLabel: { color: p.muted },
  splitLine: { lineStyle: { color: p.grid } },
});
const percentAxis = (p: AnalyticsPalette, name: string) => ({
  type: 'value' as const,
  min: 0,
  max: INSIGHT_CONSTANTS.radarMax,
  interval: INSIGHT_CONSTANTS.radarStep,
  name,
  nameGap: 14,
  nameTextStyle: { color: p.muted, align: 'left' as const },
  ...axisStyle(p),
});
const GRID_TOP = 40;
const tooltipPercent = (v: unknown) => percent1(Number(v));
const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/** Category labels that fit their slot at the chart's width: level, then smaller, then slanted (and truncated). */
export function labelFit(count: number, width: number, sides = 56) {
  const slot = (width - sides) / Math.max(count, 1);
  if (slot >= 90) return { width: Math.floor(slot - 8), rotate: 0, bottom: 44, fontSize: 12 };
  if (slot >= 54) return { width: Math.floor(slot), rotate: 0, bottom: 44, fontSize: 10 };
  return { width: 80, rotate: 35, bottom: 72, fontSize: 11 };
}

/** Below this chart width (px) the levels are rows (names beside their bars), far from any phone's scrollbar jitter. */
export const DISTRIBUTION_ROWS_BELOW = 420;

/**
 * Grade distribution: students per level (Novice, Apprentice, Competent, Proficient), coloured as the table's cells;
 * columns on a wide chart, rows on a narrow one, so the level names are never slanted or cut.
 */
export function distributionOption(buckets: Bucket[], of: string, p: AnalyticsPalette = LIGHT, width = 560): EChartsOption {
  const colours = [p.red, p.orange, p.yellow, p.green];
  const rows = width < DISTRIBUTION_ROWS_BELOW;
  const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
  const levels = {
    type: 'category' as const,
    data: buckets.map((b) => `${b.label}\n${b.range}`),
    inverse: rows,
    ...axisStyle(p),
    axisLabel: { color: p.text, interval: 0, fontSize: 12, lineHeight: 15 },
  };
  const counts = {
    type: 'value' as const,
    minInterval: 1,
    name: 'Students',
    nameGap: 14,
    nameLocation: rows ? ('middle' as const) : ('end' as const),
    nameTextStyle: { color: p.muted },
    ...axisStyle(p),
  };
  const radius = rows ? [0, 6, 6, 0] : [6, 6, 0, 0];
  return {
    aria: describe(`Grade distribution of ${of}: ${buckets.map((b) => `${b.label} (${b.range}) ${students(b.count)}`).join(', ')}.`),
    grid: rows ? { left: 84, right: 28, top: 8, bottom: 44 } : { left: 40, right: 16, top: GRID_TOP, bottom: 44 },
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { dataIndex } = params as { dataIndex: number };
        const b = buckets[dataIndex]!;
        return `${b.label} (${b.range}): ${students(b.count)}`;
      },
    },
    xAxis: rows ? counts : levels,
    yAxis: rows ? levels : counts,
    series: [
      {
        name: 'Students',
        type: 'bar',
        barMaxWidth: rows ? 28 : 56,
        data: buckets.map((b, i) => ({ value: b.count, itemStyle: { color: colours[i], borderRadius: radius } })),
        label: { show: true, position: rows ? 'right' : 'top', color: p.text },
      },
    ],
  };
}

/** Performance trend: the class average % of each graded assignment, by due date (a single one is a point, not a line). */
export function trendOption(points: TrendPoint[], p: AnalyticsPalette = LIGHT): EChartsOption {
  return {
    aria: describe(
      `Performance trend: ${points.map((t) => `${t.title}, due ${shortDate(t.due_date)}: class average ${percent1(t.average)}`).join('; ')}.`,
    ),
    grid: { left: 44, right: 24, top: GRID_TOP, bottom: 44 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [first] = params as { dataIndex: number }[];
        const t = points[first?.dataIndex ?? 0];
        return t ? `${t.title}<br/>Due ${shortDate(t.due_date)}<br/>Class average ${percent1(t.average)} (${t.graded} graded)` : '';
      },
    },
    xAxis: {
      type: 'category',
      // Points sit in the middle of their slots: a first or last one is never drawn on the axis or cut at the edge.
      boundaryGap: true,
      data: points.map((t) => shortDate(t.due_date)),
      ...axisStyle(p),
      axisLabel: { color: p.muted, hideOverlap: true },
    },
    yAxis: percentAxis(p, 'Average %'),
    series: [
      {
        name: 'Class average',
        type: 'line',
        symbolSize: 10,
        // A point at 100% sits on the plot's edge: drawn whole, with its label above it.
        clip: false,
        data: points.map((t) => Math.round(t.average * 10) / 10),
        lineStyle: { color: p.brand, width: 3 },
        itemStyle: { color: p.brand },
        label: { show: points.length <= 8, position: 'top', color: p.text, formatter: (v: { value?: unknown }) => tooltipPercent(v.value) },
      },
    ],
  };
}

const radarDescription = (d: RadarData) =>
  `Rubric categories: ${d.rubrics
    .map((k, i) => `${k} class ${percent1(d.classAverage[i]!)}${d.student ? `, ${d.student.name} ${percent1(d.student.values[i]!)}` : ''}`)
    .join('; ')}.`;

/** The class average per rubric category against a student: a radar from three categories on, bars below that. */
export function rubricOption(d: RadarData, p: AnalyticsPalette = LIGHT, width = 560): EChartsOption {
  return d.rubrics.length >= RADAR_MIN_AXES ? rubricRadarOption(d, p) : rubricBarOption(d, p, width);
}

const series = (d: RadarData, p: AnalyticsPalette) => [
  { name: 'Class average', values: d.classAverage, colour: p.accent },
  ...(d.student ? [{ name: d.student.name, values: d.student.values, colour: p.brand }] : []),
];

export function rubricRadarOption(d: RadarData, p: AnalyticsPalette = LIGHT): EChartsOption {
  const s = series(d, p);
  return {
    aria: describe(radarDescription(d)),
    tooltip: { trigger: 'item', valueFormatter: tooltipPercent },
    legend: { bottom: 0, textStyle: { color: p.text }, data: s.map((x) => x.name) },
    radar: {
      indicator: d.rubrics.map((name) => ({ name, min: 0, max: INSIGHT_CONSTANTS.radarMax })),
      splitNumber: INSIGHT_CONSTANTS.radarMax / INSIGHT_CONSTANTS.radarStep,
      radius: '64%',
      center: ['50%', '46%'],
      axisName: { color: p.text, width: 90, overflow: 'truncate' },
      splitLine: { lineStyle: { color: p.grid } },
      splitArea: { show: false },
      axisLine: { lineStyle: { color: p.grid } },
    },
    series: [
      {
        type: 'radar',
        data: s.map((x, i) => ({
          name: x.name,
          value: x.values.map((v) => Math.round(v * 10) / 10),
          itemStyle: { color: x.colour },
          lineStyle: i === 0 ? { type: 'dashed' as const } : {},
          areaStyle: { color: x.colour, opacity: i === 0 ? 0.08 : 0.18 },
        })),
      },
    ],
  };
}

export function rubricBarOption(d: RadarData, p: AnalyticsPalette = LIGHT, width = 560): EChartsOption {
  const s = series(d, p);
  const fit = labelFit(d.rubrics.length, width);
  return {
    aria: describe(radarDescription(d)),
    tooltip: { trigger: 'axis', valueFormatter: tooltipPercent },
    legend: { bottom: 0, textStyle: { color: p.text }, data: s.map((x) => x.name) },
    grid: { left: 44, right: 16, top: GRID_TOP, bottom: fit.bottom + 24 },
    xAxis: {
      type: 'category',
      data: d.rubrics,
      ...axisStyle(p),
      axisLabel: { color: p.text, interval: 0, rotate: fit.rotate, width: fit.width, overflow: 'truncate', fontSize: fit.fontSize },
    },
    yAxis: percentAxis(p, 'Score %'),
    series: s.map((x) => ({
      name: x.name,
      type: 'bar' as const,
      barMaxWidth: 40,
      data: x.values.map((v) => Math.round(v * 10) / 10),
      itemStyle: { color: x.colour, borderRadius: [6, 6, 0, 0] },
    })),
  };
}
