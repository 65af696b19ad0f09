import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@evergrade/contracts';
import type { Database, SqlClient } from '../sql/types';

/**
 * Login sessions are infrastructure, not domain history: a table shared by the command side (login,
 * logout) and the query side (every authenticated read). Only a hash of the token is stored.
 */
export type Session = {
  tenant: string;
  userId: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  csrfToken: string;
  expiresAt: Date;
};

export type SessionStore = {
  create(s: Omit<Session, 'csrfToken' | 'expiresAt'>): Promise<{ token: string; session: Session }>;
  find(token: string): Promise<Session | null>;
  revoke(token: string): Promise<void>;
  revokeAllFor(tenant: string, userId: number): Promise<void>;
  /** Ends the user's sessions signed in with one role (an instructor whose analyst role is revoked keeps teaching). */
  revokeRoleFor(tenant: string, userId: number, role: Role): Promise<void>;
  /** Ends every session of the user except the one holding `keepToken` (after a password change). */
  revokeOthersFor(tenant: string, userId: number, keepToken: string): Promise<void>;
  /** Sessions carry the name for validate-token; a profile change updates them. */
  renameUser(tenant: string, userId: number, firstName: string, lastName: string): Promise<void>;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function migrateSessions(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS auth_sessions (
    token_hash text PRIMARY KEY,
    tenant text NOT NULL,
    user_id integer NOT NULL,
    role text NOT NULL,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    csrf_token text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
  )`);
  await db.query('CREATE INDEX IF NOT EXISTS auth_sessions_user ON auth_sessions (tenant, user_id)');
}

type Row = {
  tenant: string;
  user_id: number;
  role: Role;
  email: string;
  first_name: string;
  last_name: string;
  csrf_token: string;
  expires_at: Date | string;
};

const sessionOf = (r: Row): Session => ({
  tenant: r.tenant,
  userId: Number(r.user_id),
  role: r.role,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  csrfToken: r.csrf_token,
  expiresAt: new Date(r.expires_at),
});

/**
 * Look-ups asked for in the same turn of the event loop go to the database together, as one statement: during an exam
 * every command looks up its student's session, each a different one, and a statement per look-up was about a third
 * of the database round trips (each costs the process a socket write and a reply to parse). A look-up still starts
 * after it was asked for, so it sees every revocation committed before.
 */
function batchedFind(db: Database): (tokenHash: string) => Promise<Row | null> {
  type Waiter = { resolve: (row: Row | null) => void; reject: (err: unknown) => void };
  let waiting: Map<string, Waiter[]> | null = null;
  const run = async (batch: Map<string, Waiter[]>) => {
    try {
      const { rows } = await db.query<Row & { token_hash: string }>(
        `SELECT token_hash, tenant, user_id, role, email, first_name, last_name, csrf_token, expires_at FROM auth_sessions
         WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > now()`,
        [[...batch.keys()]],
        { prepare: true },
      );
      const found = new Map(rows.map((r) => [r.token_hash, r]));
      for (const [hash, waiters] of batch) for (const w of waiters) w.resolve(found.get(hash) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };
  return (tokenHash) =>
    new Promise<Row | null>((resolve, reject) => {
      if (!waiting) {
        const batch = (waiting = new Map<string, Waiter[]>());
        setImmediate(() => {
          waiting = null;
          void run(batch);
        });
      }
      const waiters = waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(tokenHash, [{ resolve, reject }]);
    });
}

export function createSessionStore(db: Database, options: { ttlHours: number }): SessionStore {
  const findRow = batchedFind(db);
  return {
    async create(s) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + options.ttlHours * 3600_000);
      await db.query(
        `INSERT INTO auth_sessions (token_hash, tenant, user_id, role, email, first_name, last_name, csrf_token, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
        [hashToken(token), s.tenant, s.userId, s.role, s.email, s.firstName, s.lastName, csrfToken, expiresAt.toISOString()],
      );
      return { token, session: { ...s, csrfToken, expiresAt } };
    },
    async find(token) {
      const r = await findRow(hashToken(token));
      return r ? sessionOf(r) : null;
    },
    async revoke(token) {
      await db.query('UPDATE auth_sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
    },
    async revokeAllFor(tenant, userId) {
      await db.query('UPDATE auth_sessions SET revoked_at = now() WHERE tenant = $1 AND user_id = $2 AND revoked_at IS NULL', [
        tenant,
        userId,
      ]);
    },
    async revokeRoleFor(tenant, userId, role) {
      await db.query(
        'UPDATE auth_sessions SET revoked_at = now() WHERE tenant = $1 AND user_id = $2 AND role = $3 AND revoked_at IS NULL',
        [tenant, userId, role],
      );
    },
    async revokeOthersFor(tenant, userId, keepToken) {
      await db.query(
        'UPDATE auth_sessions SET revoked_at = now() WHERE tenant = $1 AND user_id = $2 AND revoked_at IS NULL AND token_hash <> $3',
        [tenant, userId, hashToken(keepToken)],
      );
    },
    async renameUser(tenant, userId, firstName, lastName) {
      await db.query('UPDATE auth_sessions SET first_name = $3, last_name = $4 WHERE tenant = $1 AND user_id = $2', [
        tenant,
        userId,
        firstName,
        lastName,
      ]);
    },
  };
}
