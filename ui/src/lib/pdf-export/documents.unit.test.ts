// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import type { AssignmentSheet, StudentGrading } from '@evergrade/contracts';
import {
  assignmentFileName,
  assignmentPdf,
  gradedFileName,
  gradedPdf,
  writingLinesFor,
  type AssignmentPdfVariant,
  type SchoolHeader,
} from './documents';
import { wrapCurrency } from './rich-blocks';
import { fakeAssets, pixel, readPdf } from './testing';
import { IMAGE_FAILED } from './writer';
import { gradedZip, zipFileName } from './zip';

const A4 = { width: 595.28, height: 841.89 };
const standard: SchoolHeader = { format: 'standard', schoolName: 'Demo School', logo: null };

/** A lexical state: a paragraph of text, an inline formula, more text. */
const richWithFormula = (before: string, tex: string, after: string) =>
  JSON.stringify({
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: before, format: 0 },
            { type: 'equation', equation: tex, inline: true },
            { type: 'text', text: after, format: 1 },
          ],
        },
      ],
    },
  });

const question = (n: number, over: Partial<AssignmentSheet['questions'][number]> = {}): AssignmentSheet['questions'][number] => ({
  question_id: n,
  question_number: n,
  question: `What is the capital of country ${n}?`,
  answer: `Capital city ${n}`,
  grading_instructions: `Full marks for naming city ${n}`,
  marks_possible: 2,
  tags: [],
  flagged_for_review: '',
  ...over,
});

const sheet = (questions: AssignmentSheet['questions']): AssignmentSheet => ({
  assignment_id: 1,
  title: 'Geography Quiz',
  description: '',
  due_date: '2026-12-01T10:00:00.000Z',
  course_code: 'GEO7',
  course_name: 'Geography 7',
  time_limit: null,
  student_submissions_allowed: true,
  questions,
});

const make = (s: AssignmentSheet, variant: AssignmentPdfVariant, showMarks = true, assets = fakeAssets().assets) =>
  assignmentPdf(s, { variant, showMarks, header: standard }, assets);

describe('assignment PDFs', () => {
  const quiz = sheet([
    question(1, { question: richWithFormula('Simplify ', '\\frac{a^2}{b}', ' and explain.') }),
    question(2, { question: 'Find $x^2 + 1$ when x = 3.', marks_possible: 3 }),
  ]);

  it('are A4 portrait with the questions as real text and formulas drawn, never raw LaTeX', async () => {
    const { assets, formulas } = fakeAssets();
    const pdf = await readPdf(await make(quiz, 'questions', true, assets));
    expect(pdf.pages.length).toBe(1);
    for (const p of pdf.pages) {
      expect(p.width).toBeCloseTo(A4.width, 1);
      expect(p.height).toBeCloseTo(A4.height, 1);
    }
    expect(pdf.text).toContain('Geography Quiz');
    expect(pdf.text).toContain('Question 1');
    expect(pdf.text).toContain('Simplify');
    expect(pdf.text).toContain('and explain.');
    expect(pdf.text).toContain('when x = 3.');
    expect(pdf.text).not.toMatch(/\\frac|a\^2|x\^2|\$/);
    expect(formulas).toEqual([
      { tex: '\\frac{a^2}{b}', block: false },
      { tex: 'x^2 + 1', block: false },
    ]);
    expect(pdf.pages[0]!.images).toBe(2);
    expect(pdf.text).not.toContain('Capital city 1');
  });

  it('show marks per question and the total unless Show marks is off', async () => {
    const on = await readPdf(await make(quiz, 'questions', true));
    expect(on.text).toContain('2 marks');
    expect(on.text).toContain('3 marks');
    expect(on.text).toContain('Total: 5 marks');
    const off = await readPdf(await make(quiz, 'questions', false));
    expect(off.text).not.toMatch(/marks/);
  });

  it('with answers adds each answer; complete adds the grading instructions too', async () => {
    const answers = await readPdf(await make(quiz, 'answers'));
    expect(answers.text).toContain('Capital city 1');
    expect(answers.text).not.toContain('Full marks for naming city 1');
    const complete = await readPdf(await make(quiz, 'complete'));
    expect(complete.text).toContain('Capital city 2');
    expect(complete.text).toContain('Grading instructions');
    expect(complete.text).toContain('Full marks for naming city 2');
  });

  it('with writing space draws max(1, round(2 × marks)) lines of 24 px per question, so it runs longer', async () => {
    expect([0, 0.25, 0.5, 1, 2.5, 10].map(writingLinesFor)).toEqual([1, 1, 1, 2, 5, 20]);
    const many = sheet(Array.from({ length: 6 }, (_, i) => question(i + 1, { marks_possible: 5 })));
    const plain = await readPdf(await make(many, 'questions'));
    const writing = await readPdf(await make(many, 'writing'));
    expect(plain.pages.length).toBe(1);
    // 6 questions × 10 lines × 18 pt = 1,080 pt of lines: more than one A4 page.
    expect(writing.pages.length).toBeGreaterThan(plain.pages.length);
    expect(writing.text).toContain('Question 6');
  });

  it('break long content across pages and keep every word', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
    const pdf = await readPdf(await make(sheet([question(1, { question: words })]), 'questions'));
    expect(pdf.pages.length).toBeGreaterThan(2);
    expect(pdf.pages.every((p) => Math.abs(p.height - A4.height) < 0.1)).toBe(true);
    expect(pdf.text).toContain('word0');
    expect(pdf.text).toContain('word1499');
    expect(pdf.pages.at(-1)!.text).toContain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
  });

  it('draw images that load and note those that do not', async () => {
    const withImages = JSON.stringify({
      root: {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'text', text: 'Look at the map.', format: 0 }] },
          { type: 'image', src: '/editor/images/ok.png', width: 300, height: 200 },
          { type: 'image', src: '/editor/images/missing.png', width: 300, height: 200 },
        ],
      },
    });
    const { assets, asked } = fakeAssets({ '/editor/images/ok.png': pixel(300, 200) });
    const pdf = await readPdf(await make(sheet([question(1, { question: withImages })]), 'questions', true, assets));
    expect(asked).toEqual(['/editor/images/ok.png', '/editor/images/missing.png']);
    expect(pdf.pages[0]!.images).toBe(1);
    expect(pdf.text).toContain(IMAGE_FAILED);
  });

  it('say "Content unavailable." for a question with no content', async () => {
    const pdf = await readPdf(await make(sheet([question(1, { question: '' })]), 'questions'));
    expect(pdf.text).toContain('Content unavailable.');
  });

  it('draw the school header formats: bordered names the school; logo-line places the logo', async () => {
    const bordered = await readPdf(
      await assignmentPdf(
        quiz,
        { variant: 'questions', showMarks: true, header: { ...standard, format: 'bordered' } },
        fakeAssets().assets,
      ),
    );
    expect(bordered.text).toContain('Demo School');
    expect(bordered.text).toContain('Course: Geography 7');
    const logo = await readPdf(
      await assignmentPdf(
        quiz,
        { variant: 'questions', showMarks: true, header: { format: 'logo-line', schoolName: 'Demo School', logo: pixel(120, 40) } },
        fakeAssets().assets,
      ),
    );
    expect(logo.pages[0]!.images).toBe(3);
  });

  it('are named after the assignment and the variant', () => {
    expect(assignmentFileName('Geography Quiz', 'questions')).toBe('Geography Quiz.pdf');
    expect(assignmentFileName('Unit 3: Maps/Scales', 'writing')).toBe('Unit 3_ Maps_Scales_writing_space.pdf');
  });
});

const graded = (name: string, over: Partial<StudentGrading> = {}): StudentGrading => ({
  student_id: name.length,
  questions: [
    {
      response_id: 1,
      question_id: 1,
      question_number: 1,
      question: richWithFormula('Compute ', '\\sqrt{16}', ' exactly.'),
      answer: 'Four',
      response: `The answer of ${name} is 4`,
      points_obtained: 2.5,
      points_possible: 3,
      feedback: 'Correct, but show the working.',
      original_feedback: '',
      graded: true,
      flagged_for_review: '',
      flag_resolved: false,
      graded_by: 'offline',
      version: 1,
    },
    {
      response_id: 2,
      question_id: 2,
      question_number: 2,
      question: 'Name a prime number.',
      answer: 'Seven',
      response: 'Nine',
      points_obtained: 5,
      points_possible: 7,
      feedback: 'Nine is not prime.',
      original_feedback: '',
      graded: true,
      flagged_for_review: '',
      flag_resolved: false,
      graded_by: 'offline',
      version: 1,
    },
  ],
  grading: { obtained: 7.5, possible: 10, assignment_title: 'Maths Test' },
  student_data: { student_name: name, original_filename: '' },
  graded: true,
  flag_count: 0,
  source: 'online',
  ...over,
});

describe('graded PDFs', () => {
  const opts = { header: standard, course: 'Maths 7' };

  it('complete: questions, the student’s answers, model answers and feedback, scores with 2 decimals, no raw LaTeX', async () => {
    const pdf = await readPdf(await gradedPdf(graded('Asha Rao'), { ...opts, variant: 'complete' }, fakeAssets().assets));
    expect(pdf.pages[0]!.width).toBeCloseTo(A4.width, 1);
    expect(pdf.text).toContain('Student: Asha Rao');
    expect(pdf.text).toContain('Score: 7.50 / 10.00');
    expect(pdf.text).toContain('2.50 / 3.00');
    expect(pdf.text).toContain('5.00 / 7.00');
    expect(pdf.text).toContain('Compute');
    expect(pdf.text).toContain('Name a prime number.');
    expect(pdf.text).toContain('The answer of Asha Rao is 4');
    expect(pdf.text).toContain('Seven');
    expect(pdf.text).toContain('Correct, but show the working.');
    expect(pdf.text).not.toContain('\\sqrt');
  });

  it('feedback only: the feedback, no questions and no scores; feedback and grades: the feedback with the scores', async () => {
    const feedback = await readPdf(await gradedPdf(graded('Asha Rao'), { ...opts, variant: 'feedback' }, fakeAssets().assets));
    expect(feedback.text).toContain('Nine is not prime.');
    expect(feedback.text).not.toContain('Name a prime number.');
    expect(feedback.text).not.toMatch(/\d\.\d\d \/ /);
    const grades = await readPdf(await gradedPdf(graded('Asha Rao'), { ...opts, variant: 'feedback_grades' }, fakeAssets().assets));
    expect(grades.text).toContain('Nine is not prime.');
    expect(grades.text).toContain('Score: 7.50 / 10.00');
    expect(grades.text).not.toContain('Name a prime number.');
  });

  it('are named {title}_{student}_graded, _feedback and _feedback_grades', () => {
    expect(gradedFileName('Maths Test', 'Asha Rao', 'complete')).toBe('Maths Test_Asha Rao_graded.pdf');
    expect(gradedFileName('Maths Test', 'Asha Rao', 'feedback')).toBe('Maths Test_Asha Rao_feedback.pdf');
    expect(gradedFileName('Maths Test', 'Asha Rao', 'feedback_grades')).toBe('Maths Test_Asha Rao_feedback_grades.pdf');
  });

  it('Download All: one PDF per student in a zip, progress after each, same names kept apart', async () => {
    const records = [graded('Asha Rao'), graded('Ben Li'), graded('Asha Rao', { student_id: 99 })];
    const progress: string[] = [];
    const zip = await gradedZip(records, { ...opts, variant: 'feedback_grades' }, fakeAssets().assets, (d, t) =>
      progress.push(`${d}/${t}`),
    );
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual([
      'Maths Test_Asha Rao_feedback_grades (2).pdf',
      'Maths Test_Asha Rao_feedback_grades.pdf',
      'Maths Test_Ben Li_feedback_grades.pdf',
    ]);
    const ben = await readPdf(entries['Maths Test_Ben Li_feedback_grades.pdf']!);
    expect(ben.text).toContain('Student: Ben Li');
    expect(zipFileName('Maths Test', 'complete')).toBe('Maths Test_graded.zip');
  });
});

describe('formulas', () => {
  it('wrap currency symbols as text', () => {
    expect(wrapCurrency('₹5 + \\$3 = x')).toBe('\\text{₹}5 + \\text{\\$}3 = x');
    expect(wrapCurrency('\\frac{1}{2}')).toBe('\\frac{1}{2}');
  });
});
