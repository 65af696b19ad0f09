import { ConflictError, ForbiddenError, streamIds, tenantOfEmail, type LoginRole, type SessionUser } from '@evergrade/contracts';
import type { EventMetadata, EventStore } from '@evergrade/platform/event-store';
import type { Mailer } from '@evergrade/platform/mail';
import { handleCommand } from '../decider';
import { registerUser } from '../school';
import { domainAuthorized, loadSchool, studentPreapproved } from '../school/school';
import { currentHolder } from '../user/email-reservation';
import { issueCode, loadVerification, presentCode } from './codes';
import { assertVerifiedFor, verificationDecider } from './decide';
import { ACCOUNT_MESSAGES as M } from './messages';
import { GoneError } from './verification';

/** Instructor and student signup (spec document 3): a school link, an e-mail code, then the account. */
export type SignupDeps = { store: EventStore; mailer: Mailer; now: () => Date };

const publicMeta = (tenant: string): EventMetadata => ({ tenant, actorRole: 'public' });

/**
 * The school of an address, if this role may sign up there: the tenant is the first label of the
 * address's domain, the link's `school` must name that tenant (its id or its display name), and the
 * address must be in an authorised domain (instructors) or pre-approved (students). Any miss is the
 * same 403, so the reply does not tell which schools exist.
 */
export async function authorisedSchool(store: EventStore, email: string, linkSchool: string, role: LoginRole) {
  const refused = new ForbiddenError(role === 'instructor' ? M.domainNotAuthorized : M.addressNotAuthorized);
  const tenant = tenantOfEmail(email);
  if (!tenant) throw refused;
  const school = await loadSchool(store, tenant);
  if (school.status !== 'active') throw refused;
  const named = linkSchool.trim().toLowerCase();
  if (named !== school.tenant.toLowerCase() && named !== school.name.trim().toLowerCase()) throw refused;
  if (!(role === 'instructor' ? domainAuthorized(school, email) : studentPreapproved(school, email))) throw refused;
  return { tenant, name: school.name };
}

export async function requestSignupCode(deps: SignupDeps, input: { email: string; school: string; type: LoginRole }): Promise<void> {
  const { tenant, name } = await authorisedSchool(deps.store, input.email, input.school, input.type);
  if ((await currentHolder(deps.store, tenant, input.email)) !== null) throw new ConflictError(M.alreadyRegistered);
  await issueCode(deps, { tenant, purpose: 'signup', email: input.email, role: input.type, schoolName: name }, publicMeta(tenant));
}

/** Returns the school's display name, which the signup form shows from here on. */
export async function verifySignupCode(deps: SignupDeps, input: { email: string; code: string }): Promise<string> {
  const tenant = tenantOfEmail(input.email);
  if (!tenant) throw new GoneError(M.codeExpired);
  await presentCode(deps, { tenant, purpose: 'signup', email: input.email }, 'VerifyCode', input.code, publicMeta(tenant));
  const school = await loadSchool(deps.store, tenant);
  return school.status === 'active' ? school.name : tenant;
}

export type NewAccount = {
  role: LoginRole;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  school: string;
  title?: string;
  class?: string;
};

/**
 * The reservation stream decides who gets the address when signups race: exactly one creates the
 * account, the others get 409. The code is closed only after the account exists. Returns who to sign in.
 */
export async function createAccount(deps: SignupDeps, input: NewAccount): Promise<SessionUser> {
  const { role, email, school, ...profile } = input;
  const { tenant } = await authorisedSchool(deps.store, email, school, role);
  const now = deps.now();
  if ((await currentHolder(deps.store, tenant, email)) !== null) throw new ConflictError(M.createAlreadyRegistered);
  assertVerifiedFor(await loadVerification(deps.store, { tenant, purpose: 'signup', email }), role, now.toISOString());
  const details = role === 'student' ? { enrollmentDate: now.toISOString().slice(0, 10) } : {};
  let userId: number;
  try {
    userId = await registerUser(deps.store, { tenant, actorRole: 'public' }, { ...profile, ...details, email, role }, now);
  } catch (err) {
    if (err instanceof ConflictError) throw new ConflictError(M.createAlreadyRegistered);
    throw err;
  }
  await handleCommand(
    deps.store,
    streamIds.verification(tenant, 'signup', email),
    verificationDecider,
    { type: 'CloseVerification', now: now.toISOString() },
    { metadata: { ...publicMeta(tenant), actorId: String(userId) } },
  );
  return { userId, role, tenant, email, firstName: profile.firstName, lastName: profile.lastName };
}
