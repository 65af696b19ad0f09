import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRADING_MESSAGES, parseRichText, richTextToPlainText, type StudentGrading } from '@evergrade/contracts';
import { $createParagraphNode, $createTextNode, $getRoot, type TextFormatType } from 'lexical';
import { renderRoutes } from '../../../testing/render';
import { editorOf, replaceText } from '../../../components/editor/testing';
import { useRunningStore } from '../stores/running';
import { gradedQuestion, json, ndjson, stubNetwork, studentRecord, type Route } from '../testing';
import { SubmissionsPanel } from './submissions-panel';

// jsdom has no layout: lexical asks where the caret is to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const ada = () =>
  studentRecord(5, 'Ada Lovelace', [
    gradedQuestion(1, {
      graded: true,
      points_obtained: 1,
      feedback: 'Right idea, units missing.',
      flagged_for_review: 'Units unclear',
      graded_by: 'offline',
      version: 3,
    }),
    gradedQuestion(2, { graded: false }),
  ]);
const emmy = () =>
  studentRecord(6, 'Emmy Noether', [
    gradedQuestion(1, { response_id: 201, graded: true, points_obtained: 2, version: 2 }),
    gradedQuestion(2, { response_id: 202, graded: true, points_obtained: 2, version: 2 }),
  ]);

function show(records: () => StudentGrading[], routes: Record<string, Route> = {}) {
  const net = stubNetwork({
    'POST /grader/previous-questions-and-responses': () => json(Object.fromEntries(records().map((r) => [String(r.student_id), r]))),
    ...routes,
  });
  renderRoutes([{ path: '/a', element: <SubmissionsPanel assignmentId={9} courseCode="PHY10" /> }], '/a');
  return net;
}

/** Replaces the editor's content with one paragraph of runs, each plain or in one format. */
function writeFormatted(element: Element, runs: [string, TextFormatType | null][]) {
  editorOf(element).update(
    () => {
      const p = $createParagraphNode();
      for (const [text, format] of runs) {
        const node = $createTextNode(text);
        if (format) node.toggleFormat(format);
        p.append(node);
      }
      $getRoot().clear().append(p);
      $getRoot().selectEnd();
    },
    { discrete: true },
  );
}

const card = (n: number) => screen.getByTestId(`graded-question-${n}`);
const marksOf = (n: number) => within(card(n)).getByRole('spinbutton', { name: `Marks for question ${n}` }) as HTMLInputElement;
const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('Submissions list and graded view', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useRunningStore.setState({ running: {} });
  });

  it('lists one entry per student with graded icon and unresolved flag count, and shows the first student', async () => {
    show(() => [ada(), emmy()]);
    const entry = await screen.findByTestId('submission-5');
    expect(within(entry).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(entry).getByRole('img', { name: 'Not graded' })).toBeTruthy();
    expect(within(entry).getByLabelText('1 unresolved flag')).toBeTruthy();
    const other = screen.getByTestId('submission-6');
    expect(within(other).getByRole('img', { name: 'Graded' })).toBeTruthy();
    expect(within(other).queryByTestId('flag-count')).toBeNull();
    expect(screen.getByTestId('grade-total').textContent).toBe('1/ 4');
    expect(screen.getByText('1 of 2 questions graded')).toBeTruthy();
    expect(within(card(1)).getByText('Response 1')).toBeTruthy();
    expect(within(card(1)).getByText('Units unclear')).toBeTruthy();
    fireEvent.click(other);
    expect(await screen.findByRole('heading', { name: 'Emmy Noether' })).toBeTruthy();
    expect(screen.getByTestId('grade-total').textContent).toBe('4/ 4');
  });

  it('saves marks 1 s after the last edit with the version they were based on', async () => {
    let current = ada();
    let version = 3;
    const net = show(() => [current], {
      'POST /grader/update-response': (_u, _i, body) => {
        const b = body as { points_obtained: number };
        version += 1;
        current = studentRecord(5, 'Ada Lovelace', [
          { ...current.questions[0]!, points_obtained: b.points_obtained, version },
          current.questions[1]!,
        ]);
        return json({ success: true, position: '12', version });
      },
    });
    await screen.findByTestId('graded-question-1');
    expect(marksOf(1).min).toBe('0');
    expect(marksOf(1).max).toBe('2');
    expect(marksOf(1).step).toBe('0.25');
    fireEvent.change(marksOf(1), { target: { value: '1.2' } });
    expect(within(card(1)).getByRole('alert').textContent).toBe('Marks go in steps of 0.25.');
    const first = Date.now();
    fireEvent.change(marksOf(1), { target: { value: '1.5' } });
    await waitFor(() => expect(net.of('POST /grader/update-response')).toHaveLength(1), { timeout: 5000 });
    // Not before a second after the last edit (the request's own time: a sleep here would be wall-clock and flaky on a
    // loaded machine, as CI found).
    const call = net.of('POST /grader/update-response')[0]!;
    expect(call.at - first).toBeGreaterThanOrEqual(950);
    expect(call.body).toEqual({ response_id: 101, points_obtained: 1.5, feedback: 'Right idea, units missing.', expected_version: 3 });
    await waitFor(() => expect(within(card(1)).getByRole('status').textContent).toBe('Saved'));
    expect(screen.getByTestId('grade-total').textContent).toBe('1.5/ 4');

    // the next edit is based on the version the server returned
    fireEvent.change(marksOf(1), { target: { value: '2' } });
    await waitFor(() => expect(net.of('POST /grader/update-response')).toHaveLength(2), { timeout: 5000 });
    expect(net.of('POST /grader/update-response')[1]!.body).toMatchObject({ points_obtained: 2, expected_version: 4 });
  });

  it('refuses marks out of range without calling the server', async () => {
    const net = show(() => [ada()]);
    await screen.findByTestId('graded-question-1');
    fireEvent.change(marksOf(1), { target: { value: '3' } });
    expect(within(card(1)).getByRole('alert').textContent).toBe('Marks must be between 0 and 2.');
    await sleep(1200);
    expect(net.of('POST /grader/update-response')).toHaveLength(0);
  });

  it('saves edited feedback after the debounce', async () => {
    const net = show(() => [ada()], { 'POST /grader/update-response': () => json({ success: true, position: '12', version: 4 }) });
    await screen.findByTestId('graded-question-1');
    const editor = await within(card(1)).findByRole('textbox', { name: 'Feedback for question 1' });
    act(() => replaceText(editor, 'Give the unit: newtons.'));
    await waitFor(() => expect(net.of('POST /grader/update-response')).toHaveLength(1), { timeout: 2500 });
    const body = net.of('POST /grader/update-response')[0]!.body as { feedback: string };
    expect(body).toMatchObject({ points_obtained: 1, expected_version: 3 });
    expect(richTextToPlainText(body.feedback)).toBe('Give the unit: newtons.');
  });

  it('keeps bold and italic feedback: saved as the editor state, shown formatted when read back', async () => {
    let saved: string | null = null;
    const net = show(
      () => [
        saved === null
          ? ada()
          : studentRecord(5, 'Ada Lovelace', [
              gradedQuestion(1, { graded: true, points_obtained: 1, feedback: saved, graded_by: 'instructor', version: 4 }),
              gradedQuestion(2, { graded: false }),
            ]),
      ],
      {
        'POST /grader/update-response': (_url, _init, b) => {
          saved = (b as { feedback: string }).feedback;
          return json({ success: true, position: null, version: 4 });
        },
      },
    );
    await screen.findByTestId('graded-question-1');
    const editor = await within(card(1)).findByRole('textbox', { name: 'Feedback for question 1' });
    act(() =>
      writeFormatted(editor, [
        ['Give the unit: ', null],
        ['newtons', 'bold'],
        [' next time', 'italic'],
      ]),
    );
    await waitFor(() => expect(net.of('POST /grader/update-response')).toHaveLength(1), { timeout: 2500 });
    const state = parseRichText(saved);
    expect(state).not.toBeNull();
    expect(richTextToPlainText(saved)).toBe('Give the unit: newtons next time');
    const texts = state!.root.children![0]!.children!;
    expect(texts.map((t) => [t.text, t.format])).toEqual([
      ['Give the unit: ', 0],
      ['newtons', 1],
      [' next time', 2],
    ]);
    // Another visit reads the stored feedback back: the editor shows it formatted.
    cleanup();
    show(() => [
      studentRecord(5, 'Ada Lovelace', [
        gradedQuestion(1, { graded: true, points_obtained: 1, feedback: saved!, graded_by: 'instructor', version: 4 }),
        gradedQuestion(2, { graded: false }),
      ]),
    ]);
    const again = await within(await screen.findByTestId('graded-question-1')).findByRole('textbox', { name: 'Feedback for question 1' });
    await waitFor(() => expect(again.querySelector('.rte-bold')?.textContent).toBe('newtons'));
    expect(again.querySelector('.rte-italic')?.textContent).toBe(' next time');
  });

  it('a stale edit (409) shows the message and the current value, which replaces the draft', async () => {
    let current = ada();
    const net = show(() => [current], {
      'POST /grader/update-response': () => {
        current = studentRecord(5, 'Ada Lovelace', [
          { ...current.questions[0]!, points_obtained: 0.5, feedback: 'Colleague note', version: 5 },
          current.questions[1]!,
        ]);
        return json(
          {
            message: GRADING_MESSAGES.staleEdit,
            current: {
              response_id: 101,
              points_obtained: 0.5,
              points_possible: 2,
              feedback: 'Colleague note',
              flagged_for_review: 'Units unclear',
              flag_resolved: false,
              graded: true,
              version: 5,
            },
          },
          409,
        );
      },
    });
    await screen.findByTestId('graded-question-1');
    fireEvent.change(marksOf(1), { target: { value: '2' } });
    const alert = await within(card(1)).findByRole('alert', {}, { timeout: 2500 });
    expect(alert.textContent).toBe(`${GRADING_MESSAGES.staleEdit} Current mark: 0.5 / 2.`);
    expect(marksOf(1).value).toBe('0.5');
    expect(await within(card(1)).findByText('Colleague note')).toBeTruthy();
    // the list reloads
    await waitFor(() => expect(net.of('POST /grader/previous-questions-and-responses').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('grade-total').textContent).toBe('0.5/ 4');
  });

  it('Mark as Resolved saves flag_resolved and the badge goes', async () => {
    let current = ada();
    const net = show(() => [current], {
      'POST /grader/update-response': () => {
        current = studentRecord(5, 'Ada Lovelace', [{ ...current.questions[0]!, flag_resolved: true, version: 4 }, current.questions[1]!]);
        return json({ success: true, position: '13', version: 4 });
      },
    });
    await screen.findByTestId('graded-question-1');
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Mark as Resolved' }));
    await waitFor(() => expect(net.of('POST /grader/update-response')).toHaveLength(1));
    expect(net.of('POST /grader/update-response')[0]!.body).toEqual({
      response_id: 101,
      points_obtained: 1,
      feedback: 'Right idea, units missing.',
      expected_version: 3,
      flag_resolved: true,
    });
    await waitFor(() => expect(within(card(1)).queryByTestId('flag')).toBeNull());
    expect(within(screen.getByTestId('submission-5')).queryByTestId('flag-count')).toBeNull();
  });

  it('grades through the stream: questions in progress, grade button disabled, results as they come', async () => {
    const stream = ndjson();
    let done = false;
    const net = show(
      () =>
        done
          ? [
              studentRecord(5, 'Ada Lovelace', [
                gradedQuestion(1, {
                  graded: true,
                  points_obtained: 1,
                  feedback: 'Right idea, units missing.',
                  flagged_for_review: 'Units unclear',
                  version: 3,
                }),
                gradedQuestion(2, { graded: true, points_obtained: 2, feedback: 'Correct.', version: 2, graded_by: 'offline' }),
              ]),
            ]
          : [ada()],
      { 'POST /grader/grade-submission': () => stream.response },
    );
    const grade = await screen.findByRole('button', { name: 'Grade' });
    fireEvent.click(grade);
    await waitFor(() => expect(card(2).dataset.graded).toBe('inProgress'));
    expect(card(1).dataset.graded).toBe('inProgress');
    expect((screen.getByRole('button', { name: 'Grading…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(marksOf(2).disabled).toBe(true);
    expect(net.of('POST /grader/grade-submission')[0]!.body).toEqual({ assignment_id: 9, student_id: 5 });

    stream.send({
      file_name: '5',
      question_number: 2,
      response_id: 102,
      points_obtained: 2,
      points_possible: 2,
      feedback: 'Correct.',
      response: 'Response 2',
      flagged_for_review: '',
      graded: true,
      grader: 'offline',
      confidence: 0.9,
      kept_manual: false,
      version: 2,
    });
    await waitFor(() => expect(card(2).dataset.graded).toBe('true'));
    // The marks field is filled from the same result, but in a later render: wait for it too.
    await waitFor(() => expect(marksOf(2).value).toBe('2'));
    expect(card(1).dataset.graded).toBe('inProgress');
    expect((screen.getByRole('button', { name: 'Grading…' }) as HTMLButtonElement).disabled).toBe(true);

    stream.send({
      file_name: '5',
      question_number: 1,
      response_id: 101,
      points_obtained: 1,
      points_possible: 2,
      feedback: 'Right idea, units missing.',
      response: 'Response 1',
      flagged_for_review: 'Units unclear',
      graded: true,
      grader: 'offline',
      confidence: 0.4,
      kept_manual: false,
      version: 3,
    });
    done = true;
    stream.send({ status: 'complete', graded: 2, position: '20' });
    stream.end();
    await waitFor(() => expect(card(1).dataset.graded).toBe('true'));
    const regrade = await screen.findByRole('button', { name: 'Regrade' });
    expect((regrade as HTMLButtonElement).disabled).toBe(false);
    expect(within(screen.getByTestId('submission-5')).getByRole('img', { name: 'Graded' })).toBeTruthy();
  });

  it('a grading error reverts the questions still in progress to not graded', async () => {
    const stream = ndjson();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    show(() => [ada()], { 'POST /grader/grade-submission': () => stream.response });
    fireEvent.click(await screen.findByRole('button', { name: 'Grade' }));
    await waitFor(() => expect(card(2).dataset.graded).toBe('inProgress'));
    stream.send({ status: 'error', error: 'The model did not answer' });
    stream.end();
    await waitFor(() => expect(card(2).dataset.graded).toBe('false'));
    expect(within(card(2)).getByTestId('graded-state').textContent).toBe('Not graded');
    expect((screen.getByRole('button', { name: 'Grade' }) as HTMLButtonElement).disabled).toBe(false);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('regrades one question for all students as a background job: progress and each outcome in the dialog', async () => {
    let polls = 0;
    const done = [
      { student_id: 5, outcome: 'applied', previous_points: 1, points_obtained: 2, note: 'The teacher accepts "6" as a correct answer.' },
      {
        student_id: 6,
        outcome: 'not-understood',
        previous_points: 2,
        points_obtained: 2,
        note: 'These instructions need an AI provider: the offline grader did not understand "Be kind". The mark was left as it was.',
      },
    ];
    const net = show(() => [ada(), emmy()], {
      'POST /grader/regrade-all': () => json({ job_id: 'job-1', total: 2, position: '30' }),
      'POST /grader/regrade-job': () => {
        polls += 1;
        const finished = polls > 1;
        return json({
          job_id: 'job-1',
          assignment_id: 9,
          question_number: 1,
          regrade_instructions: 'Also accept: 6. Be kind',
          status: finished ? 'finished' : 'running',
          total: 2,
          students: finished ? done : done.slice(0, 1),
          started_at: '2026-01-01T00:00:00.000Z',
          finished_at: finished ? '2026-01-01T00:00:01.000Z' : null,
        });
      },
    });
    await screen.findByTestId('graded-question-1');
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Regrade question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regrade question 1' });
    fireEvent.change(within(dialog).getByLabelText('Regrade instructions'), { target: { value: 'Also accept: 6. Be kind' } });
    fireEvent.click(within(dialog).getByLabelText(/All students \(2\)/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regrade' }));
    const progress = await screen.findByRole('dialog', { name: 'Regrading question 1 for all students' });
    expect(await within(progress).findByText('Regrading… 1 of 2 students done.')).toBeTruthy();
    expect(net.of('POST /grader/regrade-all')[0]!.body).toEqual({
      assignment_id: 9,
      question_number: 1,
      regrade_instructions: 'Also accept: 6. Be kind',
      override_manual: false,
    });
    expect(net.of('POST /grader/regrade-question')).toHaveLength(0);
    expect(await within(progress).findByText('Done: 2 of 2 students checked.', {}, { timeout: 3000 })).toBeTruthy();
    const rows = within(progress).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Ada LovelaceInstructions applied1 → 2The teacher accepts "6" as a correct answer.',
      'Emmy NoetherNeeds an AI provider2',
    ]);
    expect(within(progress).getByTestId('regrade-needs-ai').textContent).toMatch(/^These instructions need an AI provider/);
    fireEvent.click(within(progress).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('instructions the offline grader does not understand: the mark stays and the instructor is told, not "regraded"', async () => {
    const note = 'These instructions need an AI provider: the offline grader did not understand "Be kind". The mark was left as it was.';
    show(() => [ada()], {
      'POST /grader/regrade-question': () =>
        json({
          points_obtained: 1,
          points_possible: 2,
          feedback: 'Right idea, units missing.',
          response: 'r',
          response_id: 101,
          flagged_for_review: note,
          grader: 'offline',
          kept_manual: false,
          version: 4,
          position: '31',
          instructions: 'not-understood',
          instructions_note: note,
        }),
    });
    await screen.findByTestId('graded-question-1');
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Regrade question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regrade question 1' });
    fireEvent.change(within(dialog).getByLabelText('Regrade instructions'), { target: { value: 'Be kind' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regrade' }));
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByText(/Question 1 regraded/)).toBeNull();
  });

  it('a regrade keeps marks set by hand and says so, unless the instructor asks to replace them', async () => {
    let kept = true;
    const net = show(() => [ada()], {
      'POST /grader/regrade-question': () =>
        json({
          points_obtained: 1,
          points_possible: 2,
          feedback: 'Kept.',
          response: 'r',
          response_id: 101,
          flagged_for_review: '',
          grader: 'offline',
          kept_manual: kept,
          version: 4,
          position: '31',
        }),
    });
    await screen.findByTestId('graded-question-1');
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Regrade question 1' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Regrade question 1' })).getByRole('button', { name: 'Regrade' }));
    expect(
      await screen.findByText('Question 1 regraded; a mark set by hand kept (tick "Also replace marks set by hand" to regrade it).'),
    ).toBeTruthy();
    expect(net.of('POST /grader/regrade-question')[0]!.body).not.toHaveProperty('override_manual');

    kept = false;
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Regrade question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regrade question 1' });
    fireEvent.click(within(dialog).getByLabelText('Also replace marks set by hand'));
    expect(within(dialog).getByText('Marks set by hand are regraded too.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regrade' }));
    await waitFor(() => expect(net.of('POST /grader/regrade-question')).toHaveLength(2));
    expect(net.of('POST /grader/regrade-question')[1]!.body).toMatchObject({ student_id: 5, question_number: 1, override_manual: true });
    expect(await screen.findByText('Question 1 regraded')).toBeTruthy();
  });
});
