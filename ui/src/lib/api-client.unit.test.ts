import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@evergrade/contracts';
import { useSessionStore, WELCOMED_KEY } from '../stores/session';
import { ApiError, apiErrorFrom, callApi, ContractError, resetApiClient } from './api-client';
import { setNavigator } from './navigation';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    setNavigator(navigate);
    window.history.pushState({}, '', '/student/assignments');
    useSessionStore.getState().setStudent({ studentId: 5, email: 's@demo.school', isAuthenticated: true });
    useSessionStore.getState().setInstructor({ instructorId: 7, isAuthenticated: true });
    useSessionStore.getState().setTenant('demo');
    sessionStorage.setItem(WELCOMED_KEY, 'true');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
    resetApiClient();
    document.cookie = 'csrf_access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('on 401 clears stored users and the welcomed flag, throws, and goes to /login after 100 ms', async () => {
    fetchMock.mockResolvedValue(reply(401, { message: MESSAGES.notAuthenticated }));
    const error = await callApi('getStudentAssignments').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: MESSAGES.notAuthenticated });
    expect(useSessionStore.getState().student.isAuthenticated).toBe(false);
    expect(useSessionStore.getState().student.studentId).toBe(-1);
    expect(useSessionStore.getState().instructor.instructorId).toBe(-1);
    expect(sessionStorage.getItem(WELCOMED_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(99);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on 422 does the same', async () => {
    fetchMock.mockResolvedValue(reply(422, { message: 'Signature verification failed' }));
    await expect(callApi('getStudentAssignments')).rejects.toMatchObject({ status: 422 });
    await vi.advanceTimersByTimeAsync(100);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('the raw calls (multipart uploads) follow the same rule: a 401 or 422 ends the session, a refusal does not', async () => {
    const refusal = await apiErrorFrom(reply(502, { message: 'Unable to access this URL.' }));
    expect(refusal).toMatchObject({ status: 502, message: 'Unable to access this URL.', fromServer: true });
    expect(useSessionStore.getState().student.isAuthenticated).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(navigate).not.toHaveBeenCalled();
    for (const status of [401, 422]) {
      useSessionStore.getState().setStudent({ studentId: 5, isAuthenticated: true });
      await apiErrorFrom(reply(status, { message: 'Signature verification failed' }));
      expect(useSessionStore.getState().student.isAuthenticated, String(status)).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('does not navigate when already on the login page', async () => {
    window.history.pushState({}, '', '/login');
    fetchMock.mockResolvedValue(reply(401, { message: MESSAGES.loginFailed }));
    await expect(callApi('login', { params: { role: 'student' }, body: { email: 'x@demo.school', password: 'p' } })).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.loginFailed,
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the session alone on other errors and keeps the field', async () => {
    fetchMock.mockResolvedValue(reply(409, { message: MESSAGES.alreadySubmitted, field: 'assignment_id' }));
    await expect(
      callApi('setAssignmentResponse', { body: { assignment_id: 1, question_id: 2, response_content: 'x' } }),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.alreadySubmitted, field: 'assignment_id' });
    expect(useSessionStore.getState().student.isAuthenticated).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends cookies, CSRF, tenant and min-position headers and parses the reply with the contract', async () => {
    document.cookie = 'csrf_access_token=tok%3D1';
    fetchMock.mockResolvedValue(reply(200, { success: true, position: '42' }));
    const r = await callApi('submitAssignment', { body: { assignment_id: 3, responses: {} }, minPosition: '41' });
    expect(r).toEqual({ success: true, position: '42' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/students/submit-assignment');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok=1', 'X-Tenant': 'demo', 'X-Min-Position': '41' });
  });

  it('sends a multipart form as it is (uploads): the browser sets its Content-Type; CSRF and tenant go with it', async () => {
    document.cookie = 'csrf_access_token=tok';
    const generated = { success: true, position: '7', questions: [], ai_config_id: 3, subject: 'Physics', generator: 'offline' };
    fetchMock.mockResolvedValue(reply(200, generated));
    const form = new FormData();
    form.append('prompt', 'forces');
    expect(await callApi('generatePracticeAssignment', { body: { prompt: 'forces' }, form })).toEqual(generated);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/students/generate-practice-assignment');
    expect(init?.body).toBe(form);
    expect(init?.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok', 'X-Tenant': 'demo', Accept: 'application/json' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it("a refused upload keeps the session and carries the server's message", async () => {
    fetchMock.mockResolvedValue(reply(400, { message: MESSAGES.brokenForm }));
    await expect(callApi('generateAssignment', { body: { prompt: 'x' }, form: new FormData() })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.brokenForm,
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(navigate).not.toHaveBeenCalled();
    expect(useSessionStore.getState().student.isAuthenticated).toBe(true);
  });

  it('encodes the querystring, leaving out unset values', async () => {
    fetchMock.mockResolvedValue(reply(200, { upload_url: '/u', api_url: '/editor/images/a.png' }));
    await callApi('getImageUploadUrl', { query: { file_name: 'my pic & co.png', content_type: 'image/png', extra: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/editor/get-image-upload-url?file_name=my+pic+%26+co.png&content_type=image%2Fpng');
  });

  it('rejects a reply that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(reply(200, { success: 'yes' }));
    await expect(callApi('logout')).rejects.toBeInstanceOf(ContractError);
  });
});
