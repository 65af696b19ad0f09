import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { richTextToPlainText, type AddAssignmentBody } from '@evergrade/contracts';
import { replaceText } from '../../../components/editor/testing';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useSessionStore } from '../../../stores/session';
import { AssignmentWizard } from './assignment-wizard';

// jsdom has no layout: lexical asks where the caret is.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

const COURSE = {
  course_code: 'MATH10',
  course_name: 'Mathematics',
  course_class: '10',
  student_count: 2,
  assignment_count: 0,
  student_list: [],
};

function start(courses = [COURSE]) {
  const api = mockApi({
    'POST /instructors/get-courses': () => ({ body: courses }),
    'GET /grader/get-rubrics': () => ({ body: [] }),
    'POST /grader/add-assignment': () => ({ body: { success: true, position: null, assignment_id: 7 } }),
  });
  const view = renderRoutes(
    [
      { path: '/instructor/assignments/new-assignment', element: <AssignmentWizard /> },
      { path: '/instructor/assignments', element: <p>Assignment list</p> },
    ],
    '/instructor/assignments/new-assignment',
  );
  return { ...api, ...view };
}

const next = () => screen.getByTestId('wizard-next');
const typeInto = async (name: string, text: string) => {
  const box = await screen.findByRole('textbox', { name }, { timeout: 10_000 }); // the editor loads lazily
  act(() => replaceText(box, text));
};

async function fillSetup() {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'algebra quiz one' } });
  const course = await screen.findByRole('combobox', { name: 'Course' });
  await waitFor(() => expect(within(course).getByText('Mathematics (MATH10) - Grade 10')).toBeTruthy());
  fireEvent.change(course, { target: { value: 'MATH10' } });
  fireEvent.click(within(screen.getByTestId('submissions')).getByLabelText(/^Yes/));
  fireEvent.click(within(screen.getByTestId('creation-method')).getByLabelText(/From Scratch/));
}

beforeEach(() => {
  useSessionStore.getState().setInstructor({ instructorId: 5, email: 'teacher@demo.school', isAuthenticated: true });
  useSessionStore.getState().setTenant('demo');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the setup step', () => {
  it('auto-capitalises the title and enables Next once everything is chosen', async () => {
    start();
    expect(screen.getByTestId('wizard-step').textContent).toBe('Step 1 of 3: Setup');
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    await fillSetup();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Algebra Quiz One');
    expect((screen.getByLabelText('Due time') as HTMLInputElement).value).toBe('23:59');
    expect(screen.queryByLabelText('Live date')).toBeNull();
    fireEvent.click(within(screen.getByTestId('go-live')).getByLabelText(/^Scheduled/));
    expect(screen.getByLabelText('Live date')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Live time'), { target: { value: '' } });
    expect(screen.getAllByText('Please select both date and time for scheduled release').length).toBeGreaterThan(0);
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Live time'), { target: { value: '08:00' } });
    expect((next() as HTMLButtonElement).disabled).toBe(false);
  });

  it('stops on Setup when the live date is after the due date, and says why', async () => {
    const { calls } = start();
    await fillSetup();
    fireEvent.click(within(screen.getByTestId('go-live')).getByLabelText(/^Scheduled/));
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2030-05-10' } });
    fireEvent.change(screen.getByLabelText('Live date'), { target: { value: '2030-05-11' } });
    fireEvent.change(screen.getByLabelText('Live time'), { target: { value: '09:00' } });
    expect(screen.getByTestId('live-after-due').textContent).toBe('The due date must be after the release date');
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(next().closest('form')!);
    expect(screen.getByTestId('wizard-step').textContent).toBe('Step 1 of 3: Setup');
    fireEvent.change(screen.getByLabelText('Live date'), { target: { value: '2030-05-09' } });
    expect(screen.queryByTestId('live-after-due')).toBeNull();
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((c) => c.key === 'POST /grader/add-assignment')).toBe(false);
  });

  it('explains a title that breaks the rules', async () => {
    start();
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: '9 lives' } });
    fireEvent.blur(title);
    expect(screen.getByRole('alert').textContent).toBe('Assignment title must start with an alphabet');
  });

  it('keeps Next disabled with the notice when the instructor has no course', async () => {
    start([]);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe('No courses available. Please contact your administrator to add a course.');
    expect((next() as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before discarding what was entered', async () => {
    start();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Quiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Are you sure you want to discard this assignment? All unsaved progress will be lost.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await screen.findByText('Assignment list');
  });
});

describe('creating an assignment from scratch', () => {
  it('builds questions, previews, sets the time limit and creates, then redirects', async () => {
    const { calls } = start();
    await fillSetup();
    fireEvent.click(next());
    await screen.findByText('Step 2 of 3: Create');

    fireEvent.click(screen.getByRole('button', { name: 'Preview Assignment' }));
    expect(await screen.findByText('Question 1 is empty. Please add content before previewing.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await typeInto('Question 1', 'What is 2 + 2?');
    fireEvent.click(screen.getByRole('button', { name: 'Correct Answer' }));
    await typeInto('Correct answer for question 1', '4');
    fireEvent.change(screen.getByLabelText('Marks for question 1'), { target: { value: '2.5' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    await screen.findByTestId('builder-question-2');
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    expect(screen.getByText('Are you sure you want to delete Question 2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('builder-question-2')).toBeNull());

    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Preview Assignment' }));
      expect(screen.getByTestId('assignment-preview')).toBeTruthy();
    });
    expect(screen.getByTestId('wizard-step').textContent).toBe('Step 3 of 3: Preview');
    expect(screen.getByTestId('preview-total').textContent).toBe('Total marks: 2.5');

    const create = screen.getByTestId('create-assignment') as HTMLButtonElement;
    expect(create.textContent).toBe('Select Time Limit Option');
    expect(create.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    expect((screen.getByLabelText('Hours') as HTMLInputElement).value).toBe('1');
    expect(screen.getByText('Time may be too long for this assignment')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hours'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '0' } });
    expect(create.textContent).toBe('Set Valid Time Limit');
    expect(screen.getByText('Please set a time limit greater than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '5' } });
    expect(create.textContent).toBe('Create Assignment');

    fireEvent.click(create);
    await screen.findByText('Success! Redirecting...');
    const body = calls.find((c) => c.key === 'POST /grader/add-assignment')!.body as AddAssignmentBody;
    expect(body).toMatchObject({
      title: 'Algebra Quiz One',
      course: 'MATH10',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      make_live: 'immediately',
      time_limit: 300,
      email: 'teacher@demo.school',
    });
    expect(body.due_date).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59\.999Z$/);
    expect(body.questions).toHaveLength(1);
    expect(body.questions[0]).toMatchObject({ question_number: 1, marks_possible: 2.5, tags: [] });
    expect(richTextToPlainText(body.questions[0]!.question)).toBe('What is 2 + 2?');
    expect(richTextToPlainText(body.questions[0]!.answer)).toBe('4');
    await screen.findByText('Assignment list', undefined, { timeout: 3000 });
    // The whole wizard with two lexical editors: over 5 s on a busy machine; it waits on state, never on the clock.
  }, 30_000);
});
