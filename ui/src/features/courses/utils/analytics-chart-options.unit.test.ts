import { describe, expect, it } from 'vitest';
import { distributionOption, labelFit, LIGHT, rubricOption, trendOption } from './analytics-chart-options';

const s0 = (o: { series?: unknown }) => (Array.isArray(o.series) ? o.series : [o.series])[0] as Record<string, unknown>;

describe('course chart options', () => {
  it('distribution: four level bars in the cell colours, counts labelled', () => {
    const o = distributionOption(
      [
        { label: 'Novice', range: '0-30%', count: 1 },
        { label: 'Apprentice', range: '30-50%', count: 0 },
        { label: 'Competent', range: '50-80%', count: 2 },
        { label: 'Proficient', range: '80-100%', count: 3 },
      ],
      'total scores',
    );
    const bars = s0(o).data as { value: number; itemStyle: { color: string } }[];
    expect(bars.map((b) => b.value)).toEqual([1, 0, 2, 3]);
    expect(bars.map((b) => b.itemStyle.color)).toEqual([LIGHT.red, LIGHT.orange, LIGHT.yellow, LIGHT.green]);
    expect((o.xAxis as { data: string[] }).data[0]).toBe('Novice\n0-30%');
    expect(JSON.stringify(o.aria)).toContain('Proficient (80-100%) 3 students');
    // a phone: one row per level, Novice first, the names beside their bars
    const narrow = distributionOption([{ label: 'Novice', range: '0-30%', count: 1 }], 'total scores', LIGHT, 280);
    expect(narrow.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['Novice\n0-30%'] });
    expect(narrow.xAxis).toMatchObject({ type: 'value', minInterval: 1 });
  });

  it('trend: 0 to 100 in steps of 20, one point per assignment, each in the middle of its slot', () => {
    const points = [
      { assignment_id: 1, title: 'A', due_date: '2026-09-10T12:00:00Z', average: 65.04, graded: 2 },
      { assignment_id: 2, title: 'B', due_date: '2026-10-10T12:00:00Z', average: 57.5, graded: 2 },
    ];
    const o = trendOption(points);
    expect(s0(o).data).toEqual([65, 57.5]);
    expect(o.yAxis).toMatchObject({ min: 0, max: 100, interval: 20 });
    expect((o.xAxis as { boundaryGap: boolean }).boundaryGap).toBe(true);
    expect(s0(o).clip).toBe(false);
    const one = trendOption(points.slice(0, 1));
    expect(s0(one).data).toEqual([65]);
  });

  it('category labels stay level while they fit (smaller first), then slant', () => {
    expect(labelFit(4, 560)).toMatchObject({ rotate: 0, fontSize: 12 });
    expect(labelFit(4, 290)).toMatchObject({ rotate: 0, fontSize: 10 });
    expect(labelFit(4, 260).rotate).toBeGreaterThan(0);
  });

  it('rubrics: a radar (0-100, step 20) from three categories, bars below that', () => {
    const student = { name: 'Ada', values: [90, 80, 70], selected: false };
    const radar = rubricOption({ rubrics: ['A', 'B', 'C'], classAverage: [60, 50, 40], student });
    expect(s0(radar).type).toBe('radar');
    expect(radar.radar).toMatchObject({ splitNumber: 5 });
    expect((radar.radar as { indicator: { max: number }[] }).indicator.every((i) => i.max === 100)).toBe(true);
    expect((s0(radar).data as { name: string }[]).map((d) => d.name)).toEqual(['Class average', 'Ada']);

    const bars = rubricOption({ rubrics: ['A', 'B'], classAverage: [60, 50], student: { ...student, values: [90, 80] } });
    expect((bars.series as { type: string }[]).map((x) => x.type)).toEqual(['bar', 'bar']);
    expect(bars.yAxis).toMatchObject({ min: 0, max: 100, interval: 20 });
    const alone = rubricOption({ rubrics: ['A'], classAverage: [60], student: null });
    expect((alone.series as { name: string }[]).map((x) => x.name)).toEqual(['Class average']);
  });
});
