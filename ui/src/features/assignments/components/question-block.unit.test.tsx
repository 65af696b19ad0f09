import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssignmentQuestion } from '@evergrade/contracts';
import { QuestionBlock } from './question-block';

Range.prototype.getBoundingClientRect ??= () => new DOMRect();

/** Feedback as the instructor's editor stores it: "Give the **unit** next *time*". */
const RICH_FEEDBACK = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        textFormat: 0,
        textStyle: '',
        children: [
          { type: 'text', version: 1, text: 'Give the ', format: 0, detail: 0, mode: 'normal', style: '' },
          { type: 'text', version: 1, text: 'unit', format: 1, detail: 0, mode: 'normal', style: '' },
          { type: 'text', version: 1, text: ' next ', format: 0, detail: 0, mode: 'normal', style: '' },
          { type: 'text', version: 1, text: 'time', format: 2, detail: 0, mode: 'normal', style: '' },
        ],
      },
    ],
  },
});

const graded = (grade: number, feedback: string | null): AssignmentQuestion => ({
  question_id: 7,
  question_number: 1,
  question_content: 'What is the resultant force?',
  marks_possible: 2,
  grade,
  graded: true,
  feedback,
  response_content: '6',
});

const show = (q: AssignmentQuestion) =>
  render(<QuestionBlock question={q} text={q.response_content ?? ''} status="idle" locked onChange={() => {}} />);

afterEach(cleanup);

describe('a graded question as the student sees it', () => {
  it('shows bold and italic feedback formatted, not as stored JSON', async () => {
    show(graded(1, RICH_FEEDBACK));
    const box = screen.getByTestId('feedback-7');
    // The rich-text renderer loads lazily: give its chunk time on a busy machine.
    await waitFor(() => expect(box.querySelector('strong')?.textContent).toBe('unit'), { timeout: 10_000 });
    expect(box.querySelector('em')?.textContent).toBe('time');
    expect(box.textContent).toContain('Give the unit next time');
    expect(box.textContent).not.toContain('"root"');
  });

  it('shows plain feedback as it is, and no feedback block when there is none', () => {
    show(graded(2, 'Correct: 6 N.'));
    expect(within(screen.getByTestId('feedback-7')).getByText('Correct: 6 N.')).toBeTruthy();
    cleanup();
    show(graded(2, ''));
    expect(screen.queryByTestId('feedback-7')).toBeNull();
  });

  it('never shows 0 marks in a green success badge; full marks are', () => {
    show(graded(0, null));
    const zero = screen.getByTestId('question-grade-7');
    expect(zero.textContent).toBe('0 / 2 marks');
    expect(zero.classList.contains('badge-success')).toBe(false);
    expect(zero.classList.contains('badge-danger')).toBe(true);
    cleanup();
    show(graded(2, null));
    expect(screen.getByTestId('question-grade-7').classList.contains('badge-success')).toBe(true);
  });
});
