import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentSheet, InstructorQuestion } from '@evergrade/contracts';
import { renderRoutes } from '../../../testing/render';
import { InstructorAssignmentPage } from './assignments';
import { useRunningStore } from '../../../features/grading/stores/running';
import { gradedQuestion, json, stubNetwork, studentRecord } from '../../../features/grading/testing';
import { REGRADE_WARNING } from '../../../components/regrade-warning';

// jsdom has no layout: lexical asks where the caret is to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const question = (id: number): InstructorQuestion => ({
  question_id: id,
  question_number: id,
  question: `What is ${id} + ${id}?`,
  answer: String(2 * id),
  grading_instructions: '',
  marks_possible: 2,
  tags: [],
  flagged_for_review: '',
});
const sheet = (): AssignmentSheet => ({
  assignment_id: 9,
  title: 'Forces',
  description: '',
  due_date: new Date(Date.now() + 86_400_000).toISOString(),
  course_code: 'PHY10',
  course_name: 'Physics',
  time_limit: null,
  student_submissions_allowed: true,
  questions: [question(1)],
});

/** The edit-with-submissions path, through the real assignment page. */
function show(withSubmissions: boolean) {
  const order: string[] = [];
  const records = withSubmissions
    ? [
        studentRecord(5, 'Ada Lovelace', [gradedQuestion(1, { graded: true })]),
        studentRecord(6, 'Emmy Noether', [gradedQuestion(1, { response_id: 201, graded: true })]),
      ]
    : [];
  const note = (key: string) => {
    if (order.at(-1) !== key) order.push(key);
  };
  const net = stubNetwork({
    'POST /grader/previous-assignments': () => json([]),
    'POST /grader/get-assignment-questions': () => json(sheet()),
    'POST /grader/previous-questions-and-responses': () => json(Object.fromEntries(records.map((r) => [String(r.student_id), r]))),
    'POST /grader/update-question': () => {
      note('update-question');
      return json({ success: true, position: '7' });
    },
    'POST /grader/reset-grading-status': () => {
      note('reset-grading-status');
      return json({ success: true, position: '8' });
    },
    'POST /grader/grade-submission': () => {
      note('grade-submission');
      return new Response(`${JSON.stringify({ status: 'complete', graded: 1, position: '9' })}\n`, {
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
    },
  });
  renderRoutes(
    [{ path: '/instructor/assignments/:id', element: <InstructorAssignmentPage assignmentId={9} /> }],
    '/instructor/assignments/9',
  );
  return { ...net, order };
}

async function editAndSave() {
  fireEvent.click(await screen.findByRole('button', { name: /Edit Assignment/ }));
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Marks for question 1' }), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
}

describe('saving edited questions while submissions exist', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useRunningStore.setState({ running: {} });
  });

  it('warns first; Proceed saves, resets grading for all, switches to Submissions and regrades every student', async () => {
    const net = show(true);
    await waitFor(() => expect(net.of('POST /grader/previous-questions-and-responses').length).toBeGreaterThan(0));
    await editAndSave();
    const warning = await screen.findByRole('alertdialog', { name: 'Regrade all submissions?' });
    expect(within(warning).getByText(REGRADE_WARNING)).toBeTruthy();
    expect(net.of('POST /grader/update-question')).toHaveLength(0);
    fireEvent.click(within(warning).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(net.of('POST /grader/grade-submission')).toHaveLength(2));
    expect(net.order).toEqual(['update-question', 'reset-grading-status', 'grade-submission']);
    expect(net.of('POST /grader/reset-grading-status')[0]!.body).toEqual({ assignment_id: 9, student_ids: [5, 6] });
    expect(
      net
        .of('POST /grader/grade-submission')
        .map((c) => (c.body as { student_id: number }).student_id)
        .sort(),
    ).toEqual([5, 6]);
    expect(screen.getByRole('button', { name: 'View Submissions' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByTestId('submission-5')).toBeTruthy();
  });

  it('Cancel restores the original questions and calls nothing', async () => {
    const net = show(true);
    await waitFor(() => expect(net.of('POST /grader/previous-questions-and-responses').length).toBeGreaterThan(0));
    await editAndSave();
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByTestId('preview-question-1')).getByText('2 marks')).toBeTruthy();
    expect(net.of('POST /grader/update-question')).toHaveLength(0);
    expect(net.of('POST /grader/reset-grading-status')).toHaveLength(0);
  });

  it('without submissions Save Changes saves at once', async () => {
    const net = show(false);
    await waitFor(() => expect(net.of('POST /grader/previous-questions-and-responses').length).toBeGreaterThan(0));
    await editAndSave();
    await waitFor(() => expect(net.of('POST /grader/update-question')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(net.of('POST /grader/reset-grading-status')).toHaveLength(0);
  });
});
