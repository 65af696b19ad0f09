import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { initialStudent, useSessionStore } from '../../../stores/session';
import { json } from '../../../testing/replies';
import { generatePractice } from './generate-practice';

const generated = { success: true, position: '9', questions: [], ai_config_id: 4, subject: 'Physics', generator: 'offline' };
const input = {
  prompt: 'forces',
  difficulty: 6,
  title: 'Forces',
  course: 'PHYS10',
  urls: [{ gsutil_url: 'demo/documents/1/a.pdf', filename: 'a.pdf', original_url: 'https://x.org/a.pdf' }],
};

describe('generatePractice, through the api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetApiClient();
    useSessionStore.getState().clearAll();
  });

  it('sends JSON without files, and a multipart form with them (the same fields, url_documents as JSON text)', async () => {
    const fetchMock = vi.fn(async () => json(generated));
    vi.stubGlobal('fetch', fetchMock);
    expect(await generatePractice({ ...input, files: [] })).toEqual(generated);
    const [, plain] = fetchMock.mock.calls[0]! as unknown as [string, RequestInit];
    expect(JSON.parse(String(plain.body))).toMatchObject({
      prompt: 'forces',
      difficulty_level: 6,
      url_documents: [{ name: 'a.pdf', gsutil_url: 'demo/documents/1/a.pdf' }],
    });

    const pdf = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await generatePractice({ ...input, files: [pdf] });
    const [url, init] = fetchMock.mock.calls[1]! as unknown as [string, RequestInit];
    expect(url).toBe('/students/generate-practice-assignment');
    const form = init.body as FormData;
    expect(form.get('prompt')).toBe('forces');
    expect(form.get('difficulty_level')).toBe('6');
    expect(JSON.parse(String(form.get('url_documents')))).toHaveLength(1);
    expect((form.get('reference_documents') as File).name).toBe('notes.pdf');
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it("a refused upload is the server's message, and the student stays signed in", async () => {
    useSessionStore.getState().setStudent({ ...initialStudent, studentId: 5, isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'This PDF is larger than 25 MB.' }, 413)),
    );
    const pdf = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    await expect(generatePractice({ ...input, files: [pdf] })).rejects.toMatchObject({
      status: 413,
      message: 'This PDF is larger than 25 MB.',
    });
    expect(useSessionStore.getState().student.isAuthenticated).toBe(true);
  });
});
