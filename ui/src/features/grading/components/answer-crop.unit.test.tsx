import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { useRunningStore } from '../stores/running';
import { gradedQuestion, json, stubNetwork, studentRecord } from '../testing';
import { SubmissionsPanel } from './submissions-panel';

Range.prototype.getBoundingClientRect ??= () => new DOMRect();

function show(source: 'file' | 'online') {
  const record = studentRecord(
    5,
    'Ada Lovelace',
    [
      gradedQuestion(1, { question_id: 11, response: '0.5', version: 2 }),
      gradedQuestion(2, { question_id: 12, response_id: -1, response: '' }),
    ],
    { source },
  );
  stubNetwork({ 'POST /grader/previous-questions-and-responses': () => json({ '5': record }) });
  renderRoutes([{ path: '/a', element: <SubmissionsPanel assignmentId={9} courseCode="PHY10" /> }], '/a');
}

const card = (n: number) => screen.getByTestId(`graded-question-${n}`);

describe("The student's page beside the read text", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useRunningStore.setState({ running: {} });
  });

  it('a file submission shows the crop of its page, lazily, beside the read text, loading first', async () => {
    show('file');
    const crop = await within(await screen.findByTestId('graded-question-1')).findByTestId('answer-crop');
    const image = within(crop).getByRole('img', { name: "Question 1 on the student's page" }) as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('src')).toBe('/grader/response-crop?assignment_id=9&student_id=5&question_id=11&v=2');
    expect(within(crop).getByTestId('answer-crop-loading').textContent).toBe('Loading the page…');
    expect(within(card(1)).getByText('0.5')).toBeTruthy();
    fireEvent.load(image);
    expect(crop.dataset.state).toBe('loaded');
    expect(within(crop).queryByTestId('answer-crop-loading')).toBeNull();
    // A question with no recorded response has nothing to show.
    expect(within(card(2)).queryByTestId('answer-crop')).toBeNull();
  });

  it('says so clearly when there is no page image (the server answers 404)', async () => {
    show('file');
    const crop = await within(await screen.findByTestId('graded-question-1')).findByTestId('answer-crop');
    fireEvent.error(within(crop).getByRole('img'));
    expect(within(crop).queryByRole('img')).toBeNull();
    expect(within(crop).getByRole('note').textContent).toMatch(/^No page image for this answer/);
  });

  it('typed answers have no page to show', async () => {
    show('online');
    await screen.findByTestId('graded-question-1');
    expect(screen.queryByTestId('answer-crop')).toBeNull();
  });
});
