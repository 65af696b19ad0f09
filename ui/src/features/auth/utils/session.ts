import type { QueryClient } from '@tanstack/react-query';
import type { Role, SessionUser } from '@evergrade/contracts';
import { forgetPositions } from '../../../lib/positions';
import { useSessionStore, WELCOMED_KEY } from '../../../stores/session';
import { getInstructor } from '../api/get-instructor';
import { getStudent, studentQueryKey } from '../api/get-student';
import { instructorQueryKey } from '../api/get-instructor';
import { logout } from '../api/logout';
import { validateToken } from '../api/validate-token';

const HOMES: Record<Role, string> = {
  student: '/student/assignments',
  instructor: '/instructor/assignments',
  admin: '/admin',
  analyst: '/analyst',
};
export const homeOf = (role: Role) => HOMES[role];

/** Record who is signed in; the profile details follow in the background (failures are only logged). */
export function startSession(user: SessionUser, client: QueryClient): void {
  const store = useSessionStore.getState();
  store.setTenant(user.tenant);
  const identity = { email: user.email, firstName: user.firstName, lastName: user.lastName, isAuthenticated: true };
  if (user.role === 'student') {
    store.setStudent({ ...identity, studentId: user.userId });
    client
      .fetchQuery({ queryKey: studentQueryKey, queryFn: getStudent })
      .then((p) => useSessionStore.getState().setStudent({ ...p, isAuthenticated: true }))
      .catch((err: unknown) => console.error('Failed to fetch student data', err));
  } else if (user.role === 'instructor') {
    store.setInstructor({ ...identity, instructorId: user.userId });
    client
      .fetchQuery({ queryKey: instructorQueryKey, queryFn: getInstructor })
      .then((p) => useSessionStore.getState().setInstructor({ ...p, isAuthenticated: true }))
      .catch((err: unknown) => console.error('User not found', err));
  } else if (user.role === 'admin') {
    store.setAdmin({ ...identity, userId: user.userId });
  } else {
    store.setAnalyst({ ...identity, userId: user.userId });
  }
}

/** Drop everything this tab knows about the user. */
export function clearSession(client: QueryClient): void {
  useSessionStore.getState().clearAll();
  try {
    sessionStorage.removeItem(WELCOMED_KEY);
  } catch {
    // nothing stored then
  }
  // The socket's code (socket.io-client) loads with the signed-in areas, not with the login page: a tab that never
  // opened it has nothing to close.
  void import('../../../lib/socket').then(({ disconnectSocket }) => disconnectSocket());
  forgetPositions();
  client.clear();
}

let checkedOnce = false;

/**
 * Route guard (spec section 2): the first navigation into a protected area always asks the server;
 * later ones only when the local state says not authenticated. Resolves to whether access is granted.
 */
export async function ensureSession(role: Role, client: QueryClient): Promise<boolean> {
  const local = useSessionStore.getState()[role].isAuthenticated;
  if (checkedOnce && local) return true;
  try {
    const user = await validateToken();
    checkedOnce = true;
    if (user.role !== role) throw new Error(`Signed in as ${user.role}, not ${role}`);
    startSession(user, client);
    return true;
  } catch (err) {
    console.warn('Session check failed', err);
    clearSession(client);
    return false;
  }
}

/** Logout: the server call may fail (logged only); local state is cleared anyway. */
export async function endSession(client: QueryClient): Promise<void> {
  try {
    await logout();
  } catch (err) {
    console.error('Logout failed', err);
  }
  clearSession(client);
}

/** For tests. */
export function resetSessionCheck(): void {
  checkedOnce = false;
}
