import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, plainTextToRichText, type AssignmentQuestion } from '@evergrade/contracts';
import { parseIsolatedChat } from '../../../lib/isolated-chat';
import { AskFeedbackButton } from './ask-feedback';

const question = (n: number, graded: boolean): AssignmentQuestion => ({
  question_id: 100 + n,
  question_number: n,
  question_content: plainTextToRichText(`Explain question ${n}.`),
  marks_possible: 5,
  grade: graded ? 3 : null,
  graded,
  feedback: graded ? plainTextToRichText(`Feedback ${n}: mention osmosis.`) : null,
  response_content: null,
});

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

function renderButton(questions: AssignmentQuestion[]) {
  const router = createMemoryRouter(
    [
      { path: '/student/assignments/7', element: <AskFeedbackButton assignmentId={7} subject="Biology 10" questions={questions} /> },
      { path: '/student/assistant/ask', element: <Where /> },
    ],
    { initialEntries: ['/student/assignments/7'] },
  );
  render(<RouterProvider router={router} />);
}

const opened = () => new URL(screen.getByTestId('where').textContent!, 'http://x').searchParams;

describe('Ask about my feedback', () => {
  afterEach(cleanup);

  it("says 'No graded questions found' when nothing is graded", () => {
    renderButton([question(1, false)]);
    fireEvent.click(screen.getByTestId('ask-feedback'));
    expect(screen.getByRole('alertdialog').textContent).toContain(CHAT_MESSAGES.noGradedQuestions);
  });

  it('opens IsolatedChat with the question, its feedback and the context', () => {
    renderButton([question(1, false), question(2, true)]);
    fireEvent.click(screen.getByTestId('ask-feedback'));
    const request = parseIsolatedChat(opened());
    expect(request.subject).toBe('Biology 10');
    expect(request.context).toEqual({ kind: 'feedback', assignmentId: 7, questionNumber: 2 });
    expect(request.message).toContain('Question 2: Explain question 2.');
    expect(request.message).toContain('Feedback: Feedback 2: mention osmosis.');
    expect(request.message).toContain('I got 3 out of 5.');
  });

  it('asks which question when several are graded', () => {
    renderButton([question(1, true), question(2, true)]);
    fireEvent.click(screen.getByTestId('ask-feedback'));
    fireEvent.click(screen.getByRole('button', { name: /Question 1/ }));
    expect(parseIsolatedChat(opened()).context?.questionNumber).toBe(1);
  });
});
