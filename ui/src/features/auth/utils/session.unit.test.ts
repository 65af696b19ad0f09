import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../stores/session';
import { mockApi } from '../../../testing/render';
import { ensureSession, resetSessionCheck } from './session';

const user = { userId: 5, role: 'student', tenant: 'demo', email: 's@demo.school', firstName: 'Sam', lastName: 'Lee' };

describe('route guard (ensureSession)', () => {
  beforeEach(() => {
    resetSessionCheck();
    useSessionStore.getState().clearAll();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server on the first navigation even when local state says signed in, then only when signed out', async () => {
    useSessionStore.getState().setStudent({ isAuthenticated: true });
    const { calls } = mockApi({ 'GET /auth/validate-token': () => ({ body: { status: 'success', data: user } }) });
    const client = new QueryClient();
    expect(await ensureSession('student', client)).toBe(true);
    expect(await ensureSession('student', client)).toBe(true);
    expect(calls.filter((c) => c.key === 'GET /auth/validate-token')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ tenant: 'demo', student: { studentId: 5, isAuthenticated: true } });
    useSessionStore.getState().setStudent({ isAuthenticated: false });
    await ensureSession('student', client);
    expect(calls.filter((c) => c.key === 'GET /auth/validate-token')).toHaveLength(2);
  });

  it('refuses a session of another role and clears everything', async () => {
    mockApi({ 'GET /auth/validate-token': () => ({ body: { status: 'success', data: { ...user, role: 'instructor' } } }) });
    expect(await ensureSession('student', new QueryClient())).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({
      tenant: null,
      student: { isAuthenticated: false },
      instructor: { isAuthenticated: false },
    });
  });

  it('lets only an admin session into the admin area', async () => {
    mockApi({ 'GET /auth/validate-token': () => ({ body: { status: 'success', data: { ...user, role: 'admin', userId: 9 } } }) });
    expect(await ensureSession('admin', new QueryClient())).toBe(true);
    expect(useSessionStore.getState().admin).toMatchObject({ userId: 9, isAuthenticated: true });
    resetSessionCheck();
    useSessionStore.getState().clearAll();
    mockApi({ 'GET /auth/validate-token': () => ({ body: { status: 'success', data: user } }) });
    expect(await ensureSession('admin', new QueryClient())).toBe(false);
  });
});
