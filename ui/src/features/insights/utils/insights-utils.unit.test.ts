import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { row } from '../testing';
import { discriminationText, discriminationWord, facilityText, facilityWord } from './item-analysis';
import { distributionBins, fullMarksOption, scoreDistributionOption } from './overview-charts';
import { parseScore, performanceBand, scoreBand, scorePercent } from './score-bands';
import { csvFileName, summaryCsv } from './summary-csv';

describe('score bands (spec section 9)', () => {
  it('colour insight scores below 30 red, below 50 orange, below 80 yellow, otherwise green', () => {
    expect([0, 29.99, 30, 49.9, 50, 79.9, 80, 100].map(scoreBand)).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });

  it('colour performance bars 80+ green, 60+ orange, 40+ dark orange, else red', () => {
    expect([100, 80, 79.9, 60, 59.9, 40, 39.9, 0].map(performanceBand)).toEqual([
      'green',
      'green',
      'orange',
      'orange',
      'darkorange',
      'darkorange',
      'red',
      'red',
    ]);
  });

  it('read score strings as scoreString writes them', () => {
    expect(parseScore('3.5/4')).toEqual({ score: 3.5, possible: 4 });
    expect(scorePercent('3/4')).toBe(75);
    expect(scorePercent('0/0')).toBeNull();
    expect(scorePercent('n/a')).toBeNull();
  });
});

describe('the summary CSV', () => {
  it('parses back to the table: a header of student, rubric categories, total and summary, one row per student', async () => {
    const tricky = row(2, 'Emmy "E." Noether', { summary: 'Strong, careful work;\nchecks every step.', rubrics: { General: '1/6' } });
    const text = await summaryCsv([row(1, 'Ada Lovelace'), tricky], ['Problem Solving', 'General']);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Student', 'Problem Solving', 'General', 'Total', 'Summary'],
      ['Ada Lovelace', '3/4', '4/6', '7/10', 'Ada Lovelace works carefully.'],
      ['Emmy "E." Noether', '', '1/6', '7/10', 'Strong, careful work;\nchecks every step.'],
    ]);
  });

  it('names the file from the title, sanitised and cut to 50 characters', () => {
    expect(csvFileName('Quadratic Equations')).toBe('Quadratic_Equations_student_summaries.csv');
    expect(csvFileName("Newton's Laws / Part 2: Forces & Motion (draft)")).toBe('Newton_s_Laws_Part_2_Forces_Motion_draft_student_s.csv');
    expect(csvFileName("Newton's Laws / Part 2: Forces & Motion (draft)").replace(/\.csv$/, '')).toHaveLength(50);
    expect(csvFileName('Énergie')).toBe('Energie_student_summaries.csv');
    expect(csvFileName('/// ')).toBe('student_summaries.csv');
  });
});

describe('item analysis in words', () => {
  it('facility as a percentage of the marks with the difficulty word', () => {
    expect([facilityText(0.9), facilityWord(0.9)]).toEqual(['90%', 'Easy']);
    expect([facilityText(0.7), facilityWord(0.7)]).toEqual(['70%', 'Medium']);
    expect([facilityText(0.3), facilityWord(0.3)]).toEqual(['30%', 'Hard']);
  });

  it('discrimination to 2 decimals with a true minus and what it means', () => {
    expect([discriminationText(0.456), discriminationWord(0.456)]).toEqual(['0.46', 'Good']);
    expect([discriminationText(0.2), discriminationWord(0.2)]).toEqual(['0.20', 'Fair']);
    expect([discriminationText(0.05), discriminationWord(0.05)]).toEqual(['0.05', 'Near zero']);
    expect([discriminationText(-0.21), discriminationWord(-0.21)]).toEqual(['−0.21', 'Negative']);
    expect(discriminationText(-0.001)).toBe('0.00');
  });
});

describe('the overview charts', () => {
  it('bin the graded totals by percentage of the marks; full marks count in the last bin', () => {
    const bins = distributionBins([0, 1.9, 2, 9.99, 10], 10, 5);
    expect(bins.map((b) => [b.label, b.count])).toEqual([
      ['0–20', 2],
      ['20–40', 1],
      ['40–60', 0],
      ['60–80', 0],
      ['80–100', 2],
    ]);
  });

  it('use 5 bins on a phone and 10 on a wide screen, and describe the spread for screen readers', () => {
    const narrow = scoreDistributionOption([3, 7, 10], 10, undefined, 320);
    const wide = scoreDistributionOption([3, 7, 10], 10, undefined, 900);
    const categories = (o: typeof narrow) => (o.xAxis as { data: string[] }).data;
    expect(categories(narrow)).toHaveLength(5);
    expect(categories(wide)).toHaveLength(10);
    expect((narrow.aria as { label: { description: string } }).label.description).toBe(
      'Score distribution of 3 students: 1 student scored 20–40%, 1 student scored 60–80%, 1 student scored 80–100%.',
    );
  });

  it('full marks per question in question order, the axis ending at the number graded', () => {
    const o = fullMarksOption({ '10': 1, '2': 3, '1': 0 }, 4);
    expect((o.xAxis as { data: string[] }).data).toEqual(['Q1', 'Q2', 'Q10']);
    expect((o.series as { data: number[] }[])[0]!.data).toEqual([0, 3, 1]);
    expect((o.yAxis as { max: number; minInterval: number }).max).toBe(4);
    expect((o.yAxis as { minInterval: number }).minInterval).toBe(1);
  });
});
