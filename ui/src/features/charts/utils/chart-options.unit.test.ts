import { describe, expect, it } from 'vitest';
import type { GradedAssignmentStat, SubjectStat } from '@evergrade/contracts';
import {
  categoryLabels,
  gradePerAssignmentOption,
  gradesOverTimeOption,
  lineAxisBounds,
  statusCounts,
  statusDoughnutOption,
  subjectAveragesOption,
  subjectRadarOption,
  tooltipPercent,
} from './chart-options';

const stat = (id: number, percent: number, due: string): GradedAssignmentStat => ({
  assignment_id: id,
  title: `Quiz ${id}`,
  course: 'Mathematics',
  course_code: 'MATH10',
  due,
  marks_obtained: percent / 10,
  marks_total: 10,
  percent,
});
const subject = (course: string, average: number, class_average: number | null): SubjectStat => ({
  course,
  course_code: course.slice(0, 4),
  average,
  class_average,
  graded_count: 1,
});
// echarts' option types are unions; the tests read them as plain objects
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v) as Record<string, any>;

describe('chart options (spec section 9)', () => {
  it('doughnut: 70% cutout, total in the centre, only non-empty slices, shares with 2 decimals', () => {
    const counts = statusCounts(['Graded', 'Graded', 'Submitted', 'Incomplete', 'Incomplete', 'Incomplete']);
    expect(counts).toEqual({ Incomplete: 3, 'In Progress': 0, Submitted: 1, Graded: 2 });
    const o = statusDoughnutOption(counts);
    const series = first(o.series);
    expect(series.type).toBe('pie');
    const [inner, outer] = (series.radius as string[]).map((r) => Number.parseFloat(r));
    expect(inner! / outer!).toBeCloseTo(0.7);
    expect(outer).toBe(90);
    expect(series.data.map((d: { name: string; value: number }) => [d.name, d.value])).toEqual([
      ['Incomplete', 3],
      ['Submitted', 1],
      ['Graded', 2],
    ]);
    expect(first(o.title).text).toBe('6');
    expect(first(o.title).subtext).toBe('assignments');
    expect(first(o.aria).label.description).toBe('Assignments Status: 6 assignments: 3 Incomplete, 1 Submitted, 2 Graded.');
    expect(first(o.tooltip).formatter({ name: 'Graded', value: 2, percent: 33.333333 })).toBe('Graded: 2 (33.33%)');
  });

  it('line: grade percent by due date, axis bounds rounded to the tens around min and max', () => {
    expect(lineAxisBounds([67.5, 91.2, 74])).toEqual({ min: 60, max: 100 });
    expect(lineAxisBounds([40, 50])).toEqual({ min: 40, max: 50 });
    expect(lineAxisBounds([80])).toEqual({ min: 70, max: 90 });
    expect(lineAxisBounds([3])).toEqual({ min: 0, max: 10 });
    expect(lineAxisBounds([])).toEqual({ min: 0, max: 100 });
    const o = gradesOverTimeOption([stat(1, 67.5, '2026-01-10T12:00:00Z'), stat(2, 91.2, '2026-02-01T12:00:00Z')]);
    expect(first(o.yAxis)).toMatchObject({ type: 'value', min: 60, max: 100 });
    expect(first(o.series)).toMatchObject({ type: 'line', data: [67.5, 91.2] });
    expect(first(o.xAxis).data).toHaveLength(2);
    expect(first(o.tooltip).valueFormatter(67.456)).toBe('67.5%');
  });

  it('bar: one bar per graded assignment on a 0-100 axis', () => {
    const o = gradePerAssignmentOption([stat(1, 55, '2026-01-10T12:00:00Z'), stat(2, 100, '2026-01-12T12:00:00Z')]);
    expect(first(o.yAxis)).toMatchObject({ min: 0, max: 100 });
    expect(first(o.xAxis).data).toEqual(['Quiz 1', 'Quiz 2']);
    expect(first(o.series)).toMatchObject({ type: 'bar', data: [55, 100] });
  });

  it('radar: subjects 0-100 in steps of 20, class average 75 when missing', () => {
    const o = subjectRadarOption([subject('Mathematics', 82.5, 71.25), subject('Physics', 64, null), subject('History', 90, 88)]);
    const radar = first(o.radar);
    expect(radar.indicator).toEqual([
      { name: 'Mathematics', min: 0, max: 100 },
      { name: 'Physics', min: 0, max: 100 },
      { name: 'History', min: 0, max: 100 },
    ]);
    expect(100 / radar.splitNumber).toBe(20);
    const [mine, cls] = first(o.series).data;
    expect(mine).toMatchObject({ name: 'Your average', value: [82.5, 64, 90] });
    expect(cls).toMatchObject({ name: 'Class average', value: [71.25, 75, 88] });
    expect(first(o.aria).label.description).toBe(
      'Subject averages: Mathematics 82.5% (class 71.3%), Physics 64.0% (class 75.0%), History 90.0% (class 88.0%).',
    );
  });

  it('subject averages: a radar from three subjects on, bars (yours beside the class) with fewer', () => {
    const three = [subject('Mathematics', 82.5, 71.25), subject('Physics', 64, null), subject('History', 90, 88)];
    expect(first(subjectAveragesOption(three).series).type).toBe('radar');

    for (const subjects of [three.slice(0, 2), three.slice(0, 1)]) {
      const o = subjectAveragesOption(subjects);
      expect(o.radar).toBeUndefined();
      expect(first(o.xAxis)).toMatchObject({ type: 'category', data: subjects.map((s) => s.course) });
      expect(first(o.yAxis)).toMatchObject({ min: 0, max: 100, name: 'Grade %' });
      const [mine, cls] = o.series as Record<string, unknown>[];
      expect(mine).toMatchObject({ type: 'bar', name: 'Your average', data: subjects.map((s) => s.average) });
      expect(cls).toMatchObject({ type: 'bar', name: 'Class average', data: subjects.map((s) => s.class_average ?? 75) });
    }
    expect(first(subjectAveragesOption(three.slice(0, 2)).aria).label.description).toBe(
      'Subject averages: Mathematics 82.5% (class 71.3%), Physics 64.0% (class 75.0%).',
    );
  });

  it("axis titles have room above the plot (the 'Grade %' title is not cut off)", () => {
    const graded = [stat(1, 55, '2026-01-10T12:00:00Z')];
    for (const o of [
      gradesOverTimeOption(graded),
      gradePerAssignmentOption(graded),
      subjectAveragesOption([subject('Physics', 64, null)]),
    ]) {
      expect(first(o.yAxis).name).toBe('Grade %');
      expect(first(o.grid).top).toBeGreaterThanOrEqual(first(o.yAxis).nameGap + 20);
    }
  });

  it('bar names fit their slot: straight and as wide as the slot when there is room, slanted on a phone', () => {
    // 4 bars on a 600 px chart: 134 px slots
    expect(categoryLabels(4, 600)).toMatchObject({ rotate: 0, interval: 0 });
    expect(categoryLabels(4, 600).labelWidth).toBeLessThan((600 - 64) / 4);
    // a 390 px phone leaves ~300 px for the chart: 4 names would overlap straight
    expect(categoryLabels(4, 300)).toMatchObject({ rotate: 40, interval: 0 });
    // so many that even slanted names collide: echarts leaves some out
    expect(categoryLabels(30, 300).interval).toBe('auto');
    const o = gradePerAssignmentOption(
      [1, 2, 3, 4].map((i) => stat(i, 50 + i, '2026-01-10T12:00:00Z')),
      undefined,
      300,
    );
    expect(first(o.xAxis).axisLabel).toMatchObject({ rotate: 40, overflow: 'truncate' });
  });

  it('tooltips show 1 decimal', () => {
    expect(tooltipPercent(70)).toBe('70.0%');
    expect(tooltipPercent(66.666)).toBe('66.7%');
  });
});
