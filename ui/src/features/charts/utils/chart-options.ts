import type { EChartsOption } from 'echarts';
import {
  ASSIGNMENT_STATUSES,
  CHART_CONSTANTS,
  type AssignmentStatus,
  type GradedAssignmentStat,
  type SubjectStat,
} from '@evergrade/contracts';

/** Colours read from the theme's CSS variables, so the charts follow light and dark. */
export type ChartPalette = {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  brand: string;
  accent: string;
  status: Record<AssignmentStatus, string>;
};

export const LIGHT_PALETTE: ChartPalette = {
  text: '#15201c',
  muted: '#5c6b66',
  grid: '#e2e7e5',
  surface: '#ffffff',
  brand: '#0b7a5c',
  accent: '#6d4aff',
  status: { Incomplete: '#52606d', 'In Progress': '#2563eb', Submitted: '#6d4aff', Graded: '#15803d' },
};

/** Spec section 9: tooltips show 1 decimal. */
export const tooltipPercent = (v: unknown) => `${Number(v).toFixed(CHART_CONSTANTS.tooltipDecimals)}%`;

/** Spec section 9: the line chart's axis runs from the ten at or below the lowest grade to the ten at or above the highest. */
export function lineAxisBounds(percents: number[]): { min: number; max: number } {
  if (percents.length === 0) return { min: 0, max: 100 };
  let min = Math.floor(Math.min(...percents) / 10) * 10;
  let max = Math.ceil(Math.max(...percents) / 10) * 10;
  if (min === max) {
    min -= 10;
    max += 10;
  }
  return { min: Math.max(0, min), max };
}

export const statusCounts = (statuses: AssignmentStatus[]): Record<AssignmentStatus, number> => {
  const counts = Object.fromEntries(ASSIGNMENT_STATUSES.map((s) => [s, 0])) as Record<AssignmentStatus, number>;
  for (const s of statuses) counts[s] += 1;
  return counts;
};

const axisStyle = (p: ChartPalette) => ({
  axisLine: { lineStyle: { color: p.grid } },
  axisLabel: { color: p.muted },
  splitLine: { lineStyle: { color: p.grid } },
});

/** A 'Grade %' value axis; its title sits above the plot, in the room GRID_TOP leaves for it. */
const gradeAxis = (p: ChartPalette, min: number, max: number) => ({
  type: 'value' as const,
  min,
  max,
  name: 'Grade %',
  nameGap: 14,
  nameTextStyle: { color: p.muted },
  ...axisStyle(p),
});
/** Room above the plot for the axis title (with less, the title is cut off at the top). */
const GRID_TOP = 40;

/** What a screen reader hears for the chart (echarts puts it on the chart's element). */
const describe = (description: string) => ({ enabled: true, label: { description } });

/** The ring's outer radius (% of the space it has); the hole is 70% of it (spec: cutout 70%). */
const OUTER_RADIUS = 90;
const cutout = Number.parseFloat(CHART_CONSTANTS.doughnutCutout) / 100;

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/**
 * 'Assignments Status': a doughnut with a 70% cutout and the number of assignments in the centre; each
 * slice's share is shown with 2 decimals (spec section 9).
 */
export function statusDoughnutOption(counts: Record<AssignmentStatus, number>, p: ChartPalette = LIGHT_PALETTE): EChartsOption {
  const total = ASSIGNMENT_STATUSES.reduce((s, k) => s + counts[k], 0);
  const parts = ASSIGNMENT_STATUSES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return {
    aria: describe(
      `Assignments Status: ${total} ${total === 1 ? 'assignment' : 'assignments'}${parts.length ? `: ${parts.join(', ')}` : ''}.`,
    ),
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { name, value, percent } = params as { name: string; value: number; percent: number };
        return `${name}: ${value} (${Number(percent).toFixed(CHART_CONSTANTS.doughnutDecimals)}%)`;
      },
    },
    legend: { bottom: 0, textStyle: { color: p.text }, icon: 'circle' },
    title: {
      text: String(total),
      subtext: total === 1 ? 'assignment' : 'assignments',
      left: 'center',
      top: '36%',
      textStyle: { color: p.text, fontSize: 28, fontWeight: 'bold' },
      subtextStyle: { color: p.muted, fontSize: 12 },
    },
    series: [
      {
        name: 'Assignments Status',
        type: 'pie',
        radius: [`${Math.round(cutout * OUTER_RADIUS * 100) / 100}%`, `${OUTER_RADIUS}%`],
        center: ['50%', '45%'],
        // keep the centre text readable: the ring sits inside a square of the chart's height
        top: 0,
        bottom: 40,
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: p.surface, borderWidth: 2 },
        data: ASSIGNMENT_STATUSES.filter((s) => counts[s] > 0).map((s) => ({
          name: s,
          value: counts[s],
          itemStyle: { color: p.status[s] },
        })),
      },
    ],
  };
}

/** Grade percent over time (by due date), axis bounds rounded to the tens around the lowest and highest grade. */
export function gradesOverTimeOption(assignments: GradedAssignmentStat[], p: ChartPalette = LIGHT_PALETTE): EChartsOption {
  const { min, max } = lineAxisBounds(assignments.map((a) => a.percent));
  return {
    aria: describe(
      `Grades over time: ${assignments.map((a) => `${a.title} (${shortDate(a.due)}) ${tooltipPercent(a.percent)}`).join(', ')}.`,
    ),
    grid: { left: 48, right: 16, top: GRID_TOP, bottom: 40 },
    tooltip: { trigger: 'axis', valueFormatter: tooltipPercent },
    xAxis: {
      type: 'category',
      data: assignments.map((a) => `${shortDate(a.due)} · ${a.title}`),
      ...axisStyle(p),
      axisLabel: { color: p.muted, hideOverlap: true, formatter: (v: string) => v.split(' · ')[0] ?? v },
    },
    yAxis: gradeAxis(p, min, max),
    series: [
      {
        name: 'Grade',
        type: 'line',
        smooth: true,
        symbolSize: 8,
        data: assignments.map((a) => a.percent),
        lineStyle: { color: p.brand, width: 3 },
        itemStyle: { color: p.brand },
        areaStyle: { color: p.brand, opacity: 0.08 },
      },
    ],
  };
}

/** Grid sides of the bar charts (px): room for the value labels on the left. */
const BAR_GRID = { left: 48, right: 16 };
/** Below this many px per bar the names are slanted; below the second they also thin out. */
const SLANT_BELOW = 96;
const THIN_BELOW = 18;

/**
 * Category names that never overlap at the chart's width: each as wide as its slot (truncated, the tooltip has
 * the whole name), slanted when the slots are narrow, and only every other one when even that is too tight.
 */
export function categoryLabels(count: number, width: number) {
  const slot = (width - BAR_GRID.left - BAR_GRID.right) / Math.max(count, 1);
  if (slot >= SLANT_BELOW) return { labelWidth: Math.floor(slot - 10), rotate: 0, interval: 0 as const, bottom: 40 };
  return { labelWidth: 84, rotate: 40, interval: slot < THIN_BELOW ? ('auto' as const) : (0 as const), bottom: 76 };
}

/** Grade percent per assignment, 0 to 100; `width` is the chart's width in px, so the names fit it. */
export function gradePerAssignmentOption(assignments: GradedAssignmentStat[], p: ChartPalette = LIGHT_PALETTE, width = 560): EChartsOption {
  const labels = categoryLabels(assignments.length, width);
  return {
    aria: describe(`Grade per assignment: ${assignments.map((a) => `${a.title} ${tooltipPercent(a.percent)}`).join(', ')}.`),
    grid: { ...BAR_GRID, top: GRID_TOP, bottom: labels.bottom },
    tooltip: { trigger: 'axis', valueFormatter: tooltipPercent },
    xAxis: {
      type: 'category',
      data: assignments.map((a) => a.title),
      ...axisStyle(p),
      axisLabel: { color: p.muted, interval: labels.interval, rotate: labels.rotate, width: labels.labelWidth, overflow: 'truncate' },
    },
    yAxis: gradeAxis(p, 0, CHART_CONSTANTS.barMax),
    series: [
      {
        name: 'Grade',
        type: 'bar',
        barMaxWidth: 36,
        data: assignments.map((a) => a.percent),
        itemStyle: { color: p.accent, borderRadius: [6, 6, 0, 0] },
      },
    ],
  };
}

const classAverage = (s: SubjectStat) => s.class_average ?? CHART_CONSTANTS.defaultClassAverage;
const describeSubjects = (subjects: SubjectStat[]) =>
  describe(
    `Subject averages: ${subjects.map((s) => `${s.course} ${tooltipPercent(s.average)} (class ${tooltipPercent(classAverage(s))})`).join(', ')}.`,
  );

/** A radar needs three axes to be a shape: with fewer subjects it would be a line, so they are bars. */
export const RADAR_MIN_SUBJECTS = 3;

/** 'Subject averages': the radar from three subjects on, side-by-side bars (yours, the class's) below that. */
export function subjectAveragesOption(subjects: SubjectStat[], p: ChartPalette = LIGHT_PALETTE, width = 560): EChartsOption {
  return subjects.length >= RADAR_MIN_SUBJECTS ? subjectRadarOption(subjects, p) : subjectBarOption(subjects, p, width);
}

/** The student's average per subject beside the class average (75 when the school has none), as bars on 0 to 100. */
export function subjectBarOption(subjects: SubjectStat[], p: ChartPalette = LIGHT_PALETTE, width = 560): EChartsOption {
  const labels = categoryLabels(subjects.length, width);
  return {
    aria: describeSubjects(subjects),
    tooltip: { trigger: 'axis', valueFormatter: tooltipPercent },
    legend: { bottom: 0, textStyle: { color: p.text }, data: ['Your average', 'Class average'] },
    grid: { ...BAR_GRID, top: GRID_TOP, bottom: labels.bottom + 28 },
    xAxis: {
      type: 'category',
      data: subjects.map((s) => s.course),
      ...axisStyle(p),
      axisLabel: { color: p.text, interval: 0, rotate: labels.rotate, width: labels.labelWidth, overflow: 'truncate' },
    },
    yAxis: { ...gradeAxis(p, 0, CHART_CONSTANTS.radarMax), interval: CHART_CONSTANTS.radarStep },
    series: [
      {
        name: 'Your average',
        type: 'bar',
        barMaxWidth: 36,
        data: subjects.map((s) => s.average),
        itemStyle: { color: p.brand, borderRadius: [6, 6, 0, 0] },
      },
      {
        name: 'Class average',
        type: 'bar',
        barMaxWidth: 36,
        data: subjects.map(classAverage),
        itemStyle: { color: p.accent, opacity: 0.55, borderRadius: [6, 6, 0, 0] },
      },
    ],
  };
}

/** The student's average per subject against the class average (75 when the school has none), 0 to 100 in steps of 20. */
export function subjectRadarOption(subjects: SubjectStat[], p: ChartPalette = LIGHT_PALETTE): EChartsOption {
  const steps = CHART_CONSTANTS.radarMax / CHART_CONSTANTS.radarStep;
  return {
    aria: describeSubjects(subjects),
    tooltip: { trigger: 'item', valueFormatter: tooltipPercent },
    legend: { bottom: 0, textStyle: { color: p.text }, data: ['Your average', 'Class average'] },
    radar: {
      indicator: subjects.map((s) => ({ name: s.course, min: 0, max: CHART_CONSTANTS.radarMax })),
      splitNumber: steps,
      radius: '62%',
      center: ['50%', '46%'],
      axisName: { color: p.text },
      splitLine: { lineStyle: { color: p.grid } },
      splitArea: { show: false },
      axisLine: { lineStyle: { color: p.grid } },
    },
    series: [
      {
        type: 'radar',
        data: [
          {
            name: 'Your average',
            value: subjects.map((s) => s.average),
            itemStyle: { color: p.brand },
            areaStyle: { color: p.brand, opacity: 0.15 },
          },
          { name: 'Class average', value: subjects.map(classAverage), itemStyle: { color: p.accent }, lineStyle: { type: 'dashed' } },
        ],
      },
    ],
  };
}
