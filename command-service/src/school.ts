import { streamIds, type Role } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventMetadata, type EventStore } from '@evergrade/platform/event-store';
import { hashPassword } from '@evergrade/platform/auth';
import { assignmentDecider } from './assignment/decide';
import { courseDecider } from './course/course';
import { fold, handleCommand } from './decider';
import { allocateId, allocateIds, questionOwner } from './ids';
import { userDecider } from './user/user';
import { currentHolder, reserveEmail } from './user/email-reservation';

/** School set-up commands: used by the demo seed now, by the admin screens later. Each is events, never SQL. */
/** `public`: an unauthenticated caller (signup, password reset). */
/** `commandId`: every append of the command carries it, so running it again (a resumed seed) writes nothing twice. */
export type Actor = { tenant: string; actorId?: number; actorRole?: Role | 'system' | 'public'; commandId?: string };

const meta = (a: Actor, extra: EventMetadata = {}): EventMetadata => ({
  tenant: a.tenant,
  ...(a.actorId !== undefined ? { actorId: String(a.actorId) } : {}),
  actorRole: a.actorRole ?? 'system',
  ...(a.commandId ? { commandId: a.commandId } : {}),
  ...extra,
});

export async function registerTenant(store: EventStore, actor: Actor, name: string, now: Date): Promise<boolean> {
  try {
    await store.append(
      streamIds.tenant(actor.tenant),
      [{ type: 'TenantRegistered', data: { tenant: actor.tenant, name, registeredAt: now.toISOString() }, metadata: meta(actor) }],
      { expectedVersion: 'no_stream' },
    );
    return true;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return false;
    throw err;
  }
}

export type NewUser = {
  email: string;
  role: Role;
  password: string;
  firstName: string;
  lastName: string;
  title?: string;
  class?: string;
  section?: string;
  enrollmentDate?: string;
};

/** An address is registered once per school: the reservation stream can only be created once. */
export async function registerUser(store: EventStore, actor: Actor, input: NewUser, now: Date): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const { password, ...profile } = input;
  // Hash before reserving: the slow step stays out of the gap between the reservation and the user's stream.
  const passwordHash = await hashPassword(password);
  const userId = await allocateId(store, 'user', meta(actor));
  // Already this user's when a command with the same id reserved it before stopping.
  if ((await currentHolder(store, actor.tenant, email)) !== userId) await reserveEmail(store, actor.tenant, email, userId, meta(actor));
  await handleCommand(
    store,
    streamIds.user(actor.tenant, userId),
    userDecider,
    {
      type: 'RegisterUser',
      userId,
      ...profile,
      email,
      passwordHash,
      now: now.toISOString(),
    },
    { metadata: meta(actor) },
  );
  return userId;
}

export type NewAssignment = {
  courseId: number;
  title: string;
  assigned: Date;
  due: Date;
  timeLimitSeconds: number | null;
  publish: boolean;
  questions: { content: string; marksPossible: number; answer?: string; gradingInstructions?: string; tags?: string[] }[];
};

export async function createAssignment(
  store: EventStore,
  actor: Actor & { actorId: number },
  input: NewAssignment,
  now: Date,
): Promise<number> {
  const course = fold(courseDecider, await store.readStream(streamIds.course(actor.tenant, input.courseId)));
  const assignmentId = await allocateId(store, 'assignment', meta(actor));
  const ids = await allocateIds(store, 'question', input.questions.length, meta(actor), questionOwner(actor.tenant, assignmentId));
  const questions = input.questions.map((q, i) => ({
    questionId: ids[i]!,
    questionNumber: i + 1,
    content: q.content,
    marksPossible: q.marksPossible,
    answer: q.answer ?? '',
    gradingInstructions: q.gradingInstructions ?? '',
    tags: q.tags ?? [],
  }));
  await handleCommand(
    store,
    streamIds.assignment(actor.tenant, assignmentId),
    assignmentDecider,
    {
      type: 'CreateAssignment',
      assignmentId,
      courseId: input.courseId,
      instructorTeachesCourse: course.status === 'active' && course.instructorIds.includes(actor.actorId),
      createdBy: actor.actorId,
      title: input.title,
      assigned: input.assigned.toISOString(),
      due: input.due.toISOString(),
      timeLimitSeconds: input.timeLimitSeconds,
      questions,
      publish: input.publish,
      now: now.toISOString(),
    },
    { metadata: meta(actor) },
  );
  return assignmentId;
}

/** A process doubts a question (document parsing, grading): the flag shows on the instructor's sheet until resolved. */
export async function flagQuestion(
  store: EventStore,
  actor: Actor,
  assignmentId: number,
  questionNumber: number,
  reason: string,
  now: Date,
): Promise<void> {
  const assignment = fold(assignmentDecider, await store.readStream(streamIds.assignment(actor.tenant, assignmentId)));
  const question = assignment.status === 'none' ? undefined : assignment.questions.find((q) => q.questionNumber === questionNumber);
  if (!question) throw new Error(`No question ${questionNumber} in assignment ${assignmentId}`);
  await handleCommand(
    store,
    streamIds.assignment(actor.tenant, assignmentId),
    assignmentDecider,
    {
      type: 'FlagQuestion',
      questionId: question.questionId,
      reason,
      now: now.toISOString(),
    },
    { metadata: meta(actor) },
  );
}
