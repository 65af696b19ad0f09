import type { EChartsOption } from 'echarts';

/** Colours read from the theme's CSS variables (useCssColours), so the charts follow light and dark. */
export type OverviewPalette = { text: string; muted: string; grid: string; brand: string; accent: string };

export const OVERVIEW_COLOURS: Record<keyof OverviewPalette, [string, string]> = {
  text: ['--text', '#15201c'],
  muted: ['--text-muted', '#5c6b66'],
  grid: ['--border', '#e2e7e5'],
  brand: ['--brand', '#0b7a5c'],
  accent: ['--accent', '#6d4aff'],
};

export const LIGHT_OVERVIEW: OverviewPalette = {
  text: '#15201c',
  muted: '#5c6b66',
  grid: '#e2e7e5',
  brand: '#0b7a5c',
  accent: '#6d4aff',
};

/** Below this chart width (px) the distribution has 5 bins of 20%, so their names stay readable; 10 of 10% above. */
export const WIDE_DISTRIBUTION_PX = 640;

export type Bin = { label: string; from: number; to: number; count: number };

/** The graded totals in equal percentage bins of the marks possible; the last bin includes 100% (and anything above). */
export function distributionBins(scores: readonly number[], possible: number, binCount: number): Bin[] {
  const width = 100 / binCount;
  const bins: Bin[] = Array.from({ length: binCount }, (_, i) => {
    const from = Math.round(i * width);
    const to = Math.round((i + 1) * width);
    return { label: `${from}–${to}`, from, to, count: 0 };
  });
  for (const s of scores) {
    const percent = possible > 0 ? (s / possible) * 100 : 0;
    const i = Math.min(binCount - 1, Math.max(0, Math.floor(percent / width + 1e-9)));
    bins[i]!.count += 1;
  }
  return bins;
}

const axisStyle = (p: OverviewPalette) => ({
  axisLine: { lineStyle: { color: p.grid } },
  axisLabel: { color: p.muted },
  splitLine: { lineStyle: { color: p.grid } },
});

const countAxis = (p: OverviewPalette, name: string, max?: number) => ({
  type: 'value' as const,
  name,
  minInterval: 1,
  max,
  nameGap: 14,
  nameTextStyle: { color: p.muted, align: 'left' as const },
  ...axisStyle(p),
});

const describe = (description: string) => ({ enabled: true, label: { description } });
const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
const GRID = { left: 40, right: 12, top: 40 };

/** How the graded totals spread over the marks, as bars of students per percentage bin (fewer, wider bins on narrow screens). */
export function scoreDistributionOption(
  scores: readonly number[],
  possible: number,
  p: OverviewPalette = LIGHT_OVERVIEW,
  width = 720,
): EChartsOption {
  const bins = distributionBins(scores, possible, width < WIDE_DISTRIBUTION_PX ? 5 : 10);
  const filled = bins.filter((b) => b.count > 0);
  return {
    aria: describe(
      `Score distribution of ${students(scores.length)}: ${filled.map((b) => `${students(b.count)} scored ${b.label}%`).join(', ')}.`,
    ),
    grid: { ...GRID, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [first] = params as { dataIndex: number }[];
        const b = bins[first?.dataIndex ?? 0]!;
        return `${b.label}% of the marks: ${students(b.count)}`;
      },
    },
    xAxis: {
      type: 'category',
      data: bins.map((b) => b.label),
      name: 'Score %',
      nameLocation: 'middle',
      nameGap: 30,
      nameTextStyle: { color: p.muted },
      ...axisStyle(p),
      axisLabel: { color: p.muted, interval: 0 },
    },
    yAxis: countAxis(p, 'Students'),
    series: [
      {
        name: 'Students',
        type: 'bar',
        barMaxWidth: 48,
        data: bins.map((b) => b.count),
        itemStyle: { color: p.accent, borderRadius: [6, 6, 0, 0] },
      },
    ],
  };
}

/** Question numbers in order with how many graded students have full marks on each. */
export function fullMarksPerQuestion(frequency: Readonly<Record<string, number>>): { question: number; count: number }[] {
  return Object.entries(frequency)
    .map(([q, count]) => ({ question: Number(q), count }))
    .filter((e) => Number.isFinite(e.question))
    .sort((a, b) => a.question - b.question);
}

/** Per question, the students with full marks, out of the graded submissions (the axis ends there). */
export function fullMarksOption(
  frequency: Readonly<Record<string, number>>,
  graded: number,
  p: OverviewPalette = LIGHT_OVERVIEW,
  width = 720,
): EChartsOption {
  const entries = fullMarksPerQuestion(frequency);
  const slot = (width - GRID.left - GRID.right) / Math.max(entries.length, 1);
  return {
    aria: describe(
      `Full marks per question, out of ${students(graded)}: ${entries.map((e) => `question ${e.question} ${e.count}`).join(', ')}.`,
    ),
    grid: { ...GRID, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [first] = params as { dataIndex: number }[];
        const e = entries[first?.dataIndex ?? 0]!;
        return `Question ${e.question}: ${e.count} of ${students(graded)} with full marks`;
      },
    },
    xAxis: {
      type: 'category',
      data: entries.map((e) => `Q${e.question}`),
      name: 'Question',
      nameLocation: 'middle',
      nameGap: 30,
      nameTextStyle: { color: p.muted },
      ...axisStyle(p),
      // Narrow slots: every other name (the tooltip names each bar).
      axisLabel: { color: p.muted, interval: slot < 28 ? 'auto' : 0 },
    },
    yAxis: countAxis(p, 'Students', Math.max(graded, 1)),
    series: [
      {
        name: 'Full marks',
        type: 'bar',
        barMaxWidth: 48,
        data: entries.map((e) => e.count),
        itemStyle: { color: p.brand, borderRadius: [6, 6, 0, 0] },
      },
    ],
  };
}
