import { ConflictError, NotFoundError, streamIds } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventStore } from '@evergrade/platform/event-store';
import { courseDecider, type CourseCommand } from '../course/course';
import { handleCommand, type CommandResult } from '../decider';
import { allocateId } from '../ids';
import { loadUser } from '../user/lookup';
import { metadataOf, type Actor } from './meta';

export type NewCourse = { courseCode: string; courseName: string; courseClass: string; subject: string; instructorIds: number[] };

/** Course codes are unique per school: the code's reservation stream can be created only once. */
export async function createCourse(
  store: EventStore,
  actor: Actor,
  input: NewCourse,
  now: Date,
): Promise<{ courseId: number; position: string | null }> {
  const courseId = await allocateId(store, 'course', metadataOf(actor));
  const code = input.courseCode.trim();
  try {
    await store.append(
      streamIds.courseCode(actor.tenant, code),
      [{ type: 'CourseCodeReserved', data: { courseCode: code, courseId }, metadata: metadataOf(actor) }],
      { expectedVersion: 'no_stream' },
    );
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new ConflictError(`Course code ${code} is already in use`);
    throw err;
  }
  const result = await handleCommand(
    store,
    streamIds.course(actor.tenant, courseId),
    courseDecider,
    { type: 'CreateCourse', courseId, ...input, courseCode: code, now: now.toISOString() },
    { metadata: metadataOf(actor) },
  );
  return { courseId, position: result.position };
}

type Membership = 'EnrollStudent' | 'UnenrollStudent' | 'AssignInstructor' | 'UnassignInstructor';

/** Enrolments and teaching assignments: only people of this school, in the right role. */
export async function changeMembership(
  store: EventStore,
  actor: Actor,
  type: Membership,
  courseId: number,
  userId: number,
  now: Date,
): Promise<CommandResult<unknown>> {
  const wantedRole = type.endsWith('Student') ? 'student' : 'instructor';
  const user = await loadUser(store, actor.tenant, userId);
  if (!user || user.role !== wantedRole) throw new NotFoundError(wantedRole === 'student' ? 'Student not found' : 'Instructor not found');
  const at = now.toISOString();
  const command: CourseCommand =
    type === 'EnrollStudent' || type === 'UnenrollStudent'
      ? { type, courseId, studentId: userId, now: at }
      : { type, courseId, instructorId: userId, now: at };
  return handleCommand(store, streamIds.course(actor.tenant, courseId), courseDecider, command, { metadata: metadataOf(actor) });
}
