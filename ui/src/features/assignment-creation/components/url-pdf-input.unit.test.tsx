import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES } from '@evergrade/contracts';
import { resetApiClient } from '../../../lib/api-client';
import { mockApi, renderRoutes } from '../../../testing/render';
import { initialInstructor, useSessionStore } from '../../../stores/session';
import { UrlPdfInput } from './url-pdf-input';

const PATH = 'POST /grader/validate-and-upload-url-pdf';
const signedIn = { ...initialInstructor, instructorId: 7, email: 'teacher@demo.school', firstName: 'Tess', isAuthenticated: true };

function show(status: number, body: unknown) {
  const api = mockApi({ [PATH]: () => ({ status, body }) });
  const onAdded = vi.fn();
  renderRoutes([{ path: '/w', element: <UrlPdfInput onAdded={onAdded} /> }], '/w');
  fireEvent.change(screen.getByRole('textbox', { name: 'PDF URL' }), { target: { value: 'https://example.com/key.pdf' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
  return { api, onAdded };
}

describe('reference PDF by URL, through the api client', () => {
  beforeEach(() => useSessionStore.getState().setInstructor(signedIn));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetApiClient();
    useSessionStore.getState().clearAll();
  });

  it("an unreachable URL (502) shows the server's message and keeps the instructor signed in", async () => {
    const { api, onAdded } = show(502, {
      success: false,
      status: 'error',
      error: DOCUMENT_MESSAGES.unreachable,
      message: DOCUMENT_MESSAGES.unreachable,
      field: 'url',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(DOCUMENT_MESSAGES.unreachable);
    expect(api.calls[0]!.body).toEqual({ url: 'https://example.com/key.pdf', created_by: 'teacher@demo.school', title: '' });
    expect(api.calls[0]!.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(onAdded).not.toHaveBeenCalled();
    expect(useSessionStore.getState().instructor).toMatchObject({ instructorId: 7, isAuthenticated: true });
  });

  it('a web page instead of a PDF (400) shows what the URL points to', async () => {
    const message = DOCUMENT_MESSAGES.notPdfUrl('web page (HTML)');
    show(400, { success: false, status: 'error', error: message, message, field: 'url' });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(useSessionStore.getState().instructor.isAuthenticated).toBe(true);
  });

  it('a stored copy is added and the field cleared', async () => {
    const { onAdded } = show(200, {
      success: true,
      error: null,
      gsutil_url: 'demo/documents/1/key.pdf',
      filename: 'key.pdf',
      original_url: 'https://example.com/key.pdf',
      file_size: 900,
      page_count: 2,
    });
    await vi.waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith({
        kind: 'url',
        name: 'key.pdf',
        gsutil_url: 'demo/documents/1/key.pdf',
        original_url: 'https://example.com/key.pdf',
        page_count: 2,
      }),
    );
    expect((screen.getByRole('textbox', { name: 'PDF URL' }) as HTMLInputElement).value).toBe('');
  });
});
