import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerGroup, AnswerGroupsReply } from '@evergrade/contracts';
import { renderRoutes } from '../../../testing/render';
import { json, stubNetwork } from '../testing';
import { GradeByQuestion, NO_ANSWERS } from './grade-by-question';

const member = (studentId: number, name: string, response: string, extra: Partial<AnswerGroup['members'][number]> = {}) => ({
  response_id: 100 + studentId,
  student_id: studentId,
  student_name: name,
  response,
  points_obtained: 0,
  feedback: '',
  graded: false,
  graded_by: '',
  flagged_for_review: '',
  flag_resolved: false,
  version: 1,
  ...extra,
});

const QUESTIONS: AnswerGroupsReply['questions'] = [
  { question_id: 11, question_number: 1, question: 'What is the speed?', answer: '60 km/h', points_possible: 2 },
  { question_id: 12, question_number: 2, question: 'Name the gas.', answer: 'Carbon dioxide', points_possible: 1 },
];

/** The server as the test drives it: group 'n-1' (Ada, Ben) is graded once and then agrees on the mark. */
function server(options: { empty?: boolean; failFirst?: boolean } = {}) {
  let graded: number | null = null;
  let failed = !options.failFirst;
  const reply = (questionId: number): AnswerGroupsReply => {
    if (options.empty) return { assignment_title: 'Speed', questions: QUESTIONS, question_id: questionId, groups: [] };
    const done = graded !== null;
    const speed: AnswerGroup = {
      key: 'n-1',
      kind: 'number',
      split: false,
      representative: '60 km/h',
      size: 2,
      graded_count: done ? 2 : 0,
      flagged_count: 0,
      marks: done ? [graded!] : [],
      members: [
        member(1, 'Ada Lovelace', '60 km/h', done ? { graded: true, points_obtained: graded! } : {}),
        member(2, 'Ben Okafor', '60 kmph', done ? { graded: true, points_obtained: graded! } : {}),
      ],
    };
    const blank: AnswerGroup = {
      key: 'empty',
      kind: 'empty',
      split: false,
      representative: '',
      size: 1,
      graded_count: 0,
      flagged_count: 0,
      marks: [],
      members: [member(3, 'Cat Wu', '')],
    };
    return { assignment_title: 'Speed', questions: QUESTIONS, question_id: questionId, groups: questionId === 11 ? [speed, blank] : [] };
  };
  return stubNetwork({
    'POST /grader/get-answer-groups': (_url, _init, body) => {
      if (!failed) {
        failed = true;
        return json({ message: 'The server is busy.' }, 503);
      }
      return json(reply((body as { question_id?: number }).question_id ?? 11));
    },
    'POST /grader/grade-answer-group': (_url, _init, body) => {
      graded = (body as { points_obtained: number }).points_obtained;
      return json({ success: true, position: null, members: 2, changed: 2 });
    },
    'POST /grader/split-answer-group': () => json({ success: true, position: null, group_key: 'n-1.1' }),
  });
}

const show = () => renderRoutes([{ path: '/a', element: <GradeByQuestion assignmentId={9} /> }], '/a');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GradeByQuestion', () => {
  it('shows the first question’s groups: answer, size, how they were grouped, marks', async () => {
    server();
    show();
    const groups = await screen.findAllByTestId('answer-group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByText('60 km/h', { selector: '.bq-group-answer' })).toBeTruthy();
    expect(within(groups[0]!).getByText('2 students')).toBeTruthy();
    expect(within(groups[0]!).getByText('Same value and unit')).toBeTruthy();
    expect(within(groups[0]!).getByText('Not graded')).toBeTruthy();
    expect(within(groups[1]!).getByText('(no answer)', { selector: '.bq-group-answer *' })).toBeTruthy();
    expect(screen.getByText(/3 answers in 2 groups/)).toBeTruthy();
  });

  it('grades a group once with the marks and feedback typed, then shows the agreed mark', async () => {
    const net = server();
    show();
    const group = (await screen.findAllByTestId('answer-group'))[0]!;
    const apply = within(group).getByRole('button', { name: 'Apply to 2 answers' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(group).getByRole('spinbutton'), { target: { value: '3' } });
    expect(apply.disabled).toBe(true); // above the question's 2 marks
    fireEvent.change(within(group).getByRole('spinbutton'), { target: { value: '1.5' } });
    fireEvent.change(within(group).getByRole('textbox'), { target: { value: 'Units!' } });
    fireEvent.click(apply);
    await waitFor(() => expect(net.of('POST /grader/grade-answer-group')).toHaveLength(1));
    expect(net.of('POST /grader/grade-answer-group')[0]!.body).toEqual({
      assignment_id: 9,
      question_id: 11,
      group_key: 'n-1',
      points_obtained: 1.5,
      feedback: 'Units!',
      flag_resolved: false,
    });
    await waitFor(() => expect(screen.getAllByTestId('answer-group')[0]!.textContent).toContain('1.5/2'));
  });

  it('splits the selected students off the group', async () => {
    const net = server();
    show();
    const group = (await screen.findAllByTestId('answer-group'))[0]!;
    fireEvent.click(within(group).getByLabelText('Select Ben Okafor'));
    fireEvent.click(within(group).getByRole('button', { name: 'Move 1 selected to a new group' }));
    await waitFor(() => expect(net.of('POST /grader/split-answer-group')).toHaveLength(1));
    expect(net.of('POST /grader/split-answer-group')[0]!.body).toEqual({
      assignment_id: 9,
      question_id: 11,
      group_key: 'n-1',
      student_ids: [2],
    });
  });

  it('switches question, shows the empty state, and retries after an error', async () => {
    const net = server({ failFirst: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findAllByTestId('answer-group');
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: '12' } });
    await screen.findByText(NO_ANSWERS);
    expect(net.of('POST /grader/get-answer-groups').at(-1)!.body).toEqual({ assignment_id: 9, question_id: 12 });
  });
});
