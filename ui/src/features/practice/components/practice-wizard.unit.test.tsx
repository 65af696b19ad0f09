import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_MESSAGES } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useSessionStore } from '../../../stores/session';
import { PracticeWizard } from './practice-wizard';

const COURSE = { course_id: 2, course_code: 'PHYS10', course_name: 'Physics', course_class: '10', subject: 'Physics' };

function start() {
  const api = mockApi({ 'GET /students/get-courses': () => ({ body: [COURSE] }) });
  const view = renderRoutes(
    [
      { path: '/student/assignments/practice/create', element: <PracticeWizard /> },
      { path: '/student/assignments', element: <p>Assignment list</p> },
    ],
    '/student/assignments/practice/create',
  );
  return { ...api, ...view };
}

const step = () => screen.getByTestId('practice-step').textContent;
const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

beforeEach(() => {
  useSessionStore.getState().setStudent({ studentId: 3, email: 'student@demo.school', isAuthenticated: true });
  useSessionStore.getState().setTenant('demo');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the practice wizard', () => {
  it("uses the product's wizard parts: numbered steps, choice cards with radios, an Upload PDF button", async () => {
    start();
    await screen.findByLabelText('Title');
    expect(step()).toBe('Step 1 of 3: Setup');
    expect(
      within(screen.getByRole('list', { name: 'Progress' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Setup', '2Create', '3Preview']);
    expect(next().disabled).toBe(true);
    const method = screen.getByRole('radiogroup', { name: 'Creation option' });
    expect(within(method).getAllByRole('radio')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'forces practice' } });
    fireEvent.click(within(method).getByLabelText(/From Document/));
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    expect(step()).toBe('Step 2 of 3: Create');
    expect(screen.getByRole('button', { name: 'Upload PDF' })).toBeTruthy();
    expect(screen.getByLabelText('Upload document')).toHaveProperty('type', 'file');
    expect((screen.getByRole('button', { name: 'Process Document' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops on Setup with the title rule, and going Back resets the creation type', async () => {
    start();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: '9 lives' } });
    fireEvent.click(screen.getByLabelText(/With AI/));
    fireEvent.click(next());
    expect(step()).toBe('Step 1 of 3: Setup');
    expect(screen.getByRole('alert').textContent).toBe(PRACTICE_MESSAGES.titleStartLetter);

    // the message is inside the field's label, as on the assignment wizard
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'forces' } });
    fireEvent.click(next());
    expect(step()).toBe('Step 2 of 3: Create');
    expect(screen.getByLabelText('What do you want to practice?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toBe('Step 1 of 3: Setup');
    expect((screen.getByLabelText(/With AI/) as HTMLInputElement).checked).toBe(false);
    expect(next().disabled).toBe(true);
  });

  it('shows "nothing on this topic" as an empty state on the AI step when the library has nothing, not an error', async () => {
    const notice = PRACTICE_MESSAGES.nothingOnTopic('zxqv wrrbl');
    mockApi({
      'GET /students/get-courses': () => ({ body: [COURSE] }),
      'POST /students/generate-practice-assignment': () => ({
        body: { success: true, position: null, questions: [], ai_config_id: 4, subject: 'General', generator: 'offline', notice },
      }),
    });
    renderRoutes([{ path: '/', element: <PracticeWizard /> }], '/');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'mystery' } });
    fireEvent.click(screen.getByLabelText(/With AI/));
    fireEvent.click(next());
    const promptBox = screen.getByLabelText('What do you want to practice?');
    fireEvent.change(promptBox, { target: { value: 'zxqv wrrbl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Practice Assignment' }));
    const shown = await screen.findByText(notice);
    expect(shown.closest('[role="status"]')).not.toBeNull();
    expect(step()).toBe('Step 2 of 3: Create');
    expect(screen.queryByText(PRACTICE_MESSAGES.generateFailed)).toBeNull();
    fireEvent.change(promptBox, { target: { value: 'fractions' } });
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  });

  it('Discard leaves at once when nothing was entered, and asks first when something was', async () => {
    const first = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/student/assignments'));
    cleanup();

    const second = start();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'forces' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText(PRACTICE_MESSAGES.discardConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(second.router.state.location.pathname).toBe('/student/assignments/practice/create');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/student/assignments'));
  });
});
