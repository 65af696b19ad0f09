import type { Session, SessionStore } from '@evergrade/platform/auth';

/** How long a command process trusts a session it looked up: a revocation by another process takes effect within it. */
export const SESSION_CACHE_MS = 2_000;
const MAX_SESSIONS = 50_000;

/**
 * The session store with each found session remembered for `ttlMs` (an exam's saves and heartbeats then skip the
 * lookup). Revocations through this process (logout, password change, role removal) drop the remembered sessions at
 * once; one made by another process (the other command replicas) takes effect here within `ttlMs`. A session is never
 * trusted past its own expiry.
 */
export function cachedSessions(inner: SessionStore, ttlMs = SESSION_CACHE_MS, now = () => Date.now()): SessionStore {
  const found = new Map<string, { session: Session; until: number }>();
  const forget =
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      found.clear();
      await fn(...args);
      // A lookup that started before the revocation committed may have put the session back: clear after too.
      found.clear();
    };
  return {
    ...inner,
    create: (s) => inner.create(s),
    async find(token) {
      const hit = found.get(token);
      const t = now();
      if (hit && hit.until > t) return hit.session;
      if (hit) found.delete(token);
      const session = await inner.find(token);
      if (session) {
        if (found.size >= MAX_SESSIONS) found.delete(found.keys().next().value!);
        found.set(token, { session, until: Math.min(t + ttlMs, session.expiresAt.getTime()) });
      }
      return session;
    },
    revoke: forget((token: string) => inner.revoke(token)),
    revokeAllFor: forget((tenant: string, userId: number) => inner.revokeAllFor(tenant, userId)),
    revokeRoleFor: forget((tenant: string, userId: number, role: Session['role']) => inner.revokeRoleFor(tenant, userId, role)),
    revokeOthersFor: forget((tenant: string, userId: number, keep: string) => inner.revokeOthersFor(tenant, userId, keep)),
    renameUser: forget((tenant: string, userId: number, first: string, last: string) => inner.renameUser(tenant, userId, first, last)),
  };
}
