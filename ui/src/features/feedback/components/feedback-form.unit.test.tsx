import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROBLEM_REPORT_MESSAGES as M } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { FeedbackForm } from './feedback-form';

const show = (handlers: Parameters<typeof mockApi>[0], from: string | null = '/student/assignments/7') => {
  const api = mockApi(handlers);
  renderRoutes([{ path: '/feedback', element: <FeedbackForm from={from} reporter="Asha Rao (student@demo.school)" /> }], '/feedback');
  return api;
};
const choose = (category: string) => fireEvent.change(screen.getByLabelText('What kind of problem?'), { target: { value: category } });
const describeIt = (text: string) => fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the in-app feedback form', () => {
  it('says what is missing and sends nothing until the kind and the description are given', () => {
    const { calls } = show({});
    send();
    expect(screen.getByText(M.category)).toBeTruthy();
    expect(screen.getByText(M.message)).toBeTruthy();
    describeIt('   ');
    choose('Something is broken');
    send();
    expect(screen.queryByText(M.category)).toBeNull();
    expect(screen.getByText(M.message)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the report with the page it came from, then thanks the reporter', async () => {
    const { calls } = show({ 'POST /support/report-problem': () => ({ body: { success: true, position: '9', report_id: 3 } }) });
    expect(screen.getByText(/Sent as Asha Rao/)).toBeTruthy();
    expect(screen.getByTestId('feedback-page').textContent).toBe('Page: /student/assignments/7');
    choose('Something is confusing');
    describeIt('  The timer hides under the top bar.  ');
    send();
    expect((await screen.findByTestId('feedback-sent')).textContent).toContain(M.sent);
    expect(calls[0]).toMatchObject({
      key: 'POST /support/report-problem',
      body: { category: 'Something is confusing', message: 'The timer hides under the top bar.', page: '/student/assignments/7' },
    });
  });

  it("leaves out a 'from' that is not a page of the app", async () => {
    const { calls } = show(
      { 'POST /support/report-problem': () => ({ body: { success: true, position: null, report_id: 4 } }) },
      'https://evil.example/',
    );
    expect(screen.queryByTestId('feedback-page')).toBeNull();
    choose('Other');
    describeIt('Hello');
    send();
    await screen.findByTestId('feedback-sent');
    expect((calls[0]!.body as { page: unknown }).page).toBeNull();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    show({ 'POST /support/report-problem': () => ({ status: 429, body: { message: M.tooMany(42) } }) });
    choose('Other');
    describeIt('Still broken');
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(M.tooMany(42)));
    expect((screen.getByLabelText('What happened?') as HTMLTextAreaElement).value).toBe('Still broken');
  });
});
