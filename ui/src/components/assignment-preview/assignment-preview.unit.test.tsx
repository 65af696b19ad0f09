import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { AssignmentPreview, type PreviewQuestion } from './assignment-preview';

const q = (patch: Partial<PreviewQuestion> = {}): PreviewQuestion => ({
  question: 'What is 2 + 2?',
  answer: '4',
  grading_instructions: '',
  marks_possible: 1,
  tags: [],
  flagged_for_review: '',
  ...patch,
});

function Harness({ initial, editing = false, creation = false }: { initial: PreviewQuestion[]; editing?: boolean; creation?: boolean }) {
  const [questions, setQuestions] = useState(initial);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AssignmentPreview
        questions={questions}
        onChange={setQuestions}
        editing={editing}
        creation={creation}
        dueDate="2026-04-01T23:59:59.999Z"
      />
      <output data-testid="state">{JSON.stringify(questions)}</output>
    </QueryClientProvider>
  );
}
const state = () => JSON.parse(screen.getByTestId('state').textContent!) as PreviewQuestion[];

afterEach(cleanup);

describe('AssignmentPreview', () => {
  it('shows the total marks and "Content unavailable." where content is missing', () => {
    render(<Harness initial={[q({ marks_possible: 2.5 }), q({ question: null, answer: '' })]} />);
    expect(screen.getByTestId('preview-total').textContent).toBe('Total marks: 3.5');
    expect(within(screen.getByTestId('preview-question-2')).getAllByText('Content unavailable.').length).toBe(3);
  });

  it('Mark as Resolved clears the flag text', () => {
    render(<Harness initial={[q({ flagged_for_review: 'Marks not found' })]} />);
    expect(screen.getByTestId('flag-1').textContent).toContain('Marks not found');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    expect(state()[0]!.flagged_for_review).toBe('');
    expect(screen.queryByTestId('flag-1')).toBeNull();
  });

  it('deletes only in creation mode, only with more than one question, after confirming', () => {
    const { unmount } = render(<Harness initial={[q(), q({ question: 'Second' })]} editing />);
    expect(screen.queryByRole('button', { name: 'Delete question 2' })).toBeNull();
    unmount();
    render(<Harness initial={[q(), q({ question: 'Second' })]} editing creation />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    expect(screen.getByText('Are you sure you want to delete Question 2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(state()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete question 1' })).toBeNull();
  });

  it('edits marks in steps of 0.25 from 0', () => {
    render(<Harness initial={[q()]} editing creation />);
    const marks = screen.getByLabelText('Marks for question 1') as HTMLInputElement;
    expect([marks.min, marks.step]).toEqual(['0', '0.25']);
    fireEvent.change(marks, { target: { value: '1.75' } });
    expect(state()[0]!.marks_possible).toBe(1.75);
    fireEvent.change(marks, { target: { value: '-2' } });
    fireEvent.blur(marks);
    expect(state()[0]!.marks_possible).toBe(0);
  });
});
