import { ConflictError, NotFoundError, type EventOf } from '@evergrade/contracts';
import type { Decider } from '../decider';

export type CourseEvent = EventOf<
  'CourseCreated' | 'StudentEnrolled' | 'StudentUnenrolled' | 'InstructorAssigned' | 'InstructorUnassigned'
>;

export type Course =
  | { status: 'none' }
  | { status: 'active'; courseId: number; courseCode: string; courseName: string; instructorIds: number[]; studentIds: number[] };

export type CourseCommand =
  | {
      type: 'CreateCourse';
      courseId: number;
      courseCode: string;
      courseName: string;
      courseClass: string;
      subject: string;
      instructorIds: number[];
      now: string;
    }
  | { type: 'EnrollStudent'; courseId: number; studentId: number; now: string }
  | { type: 'UnenrollStudent'; courseId: number; studentId: number; now: string }
  | { type: 'AssignInstructor'; courseId: number; instructorId: number; now: string }
  | { type: 'UnassignInstructor'; courseId: number; instructorId: number; now: string };

export const initialState = (): Course => ({ status: 'none' });

const without = (ids: number[], id: number) => ids.filter((x) => x !== id);

export function evolve(state: Course, event: CourseEvent): Course {
  if (event.type === 'CourseCreated') {
    const { courseId, courseCode, courseName, instructorIds } = event.data;
    return { status: 'active', courseId, courseCode, courseName, instructorIds, studentIds: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'StudentEnrolled':
      return { ...state, studentIds: [...state.studentIds, event.data.studentId] };
    case 'StudentUnenrolled':
      return { ...state, studentIds: without(state.studentIds, event.data.studentId) };
    case 'InstructorAssigned':
      return { ...state, instructorIds: [...state.instructorIds, event.data.instructorId] };
    case 'InstructorUnassigned':
      return { ...state, instructorIds: without(state.instructorIds, event.data.instructorId) };
  }
}

function existing(state: Course) {
  if (state.status === 'none') throw new NotFoundError('Course not found');
  return state;
}

export function decide(command: CourseCommand, state: Course): CourseEvent[] {
  switch (command.type) {
    case 'CreateCourse': {
      if (state.status !== 'none') throw new ConflictError('This course already exists');
      const { type: _, now, ...data } = command;
      return [{ type: 'CourseCreated', data: { ...data, createdAt: now } }];
    }
    case 'EnrollStudent': {
      const { courseId, studentId, now } = command;
      if (existing(state).studentIds.includes(studentId)) return [];
      return [{ type: 'StudentEnrolled', data: { courseId, studentId, enrolledAt: now } }];
    }
    case 'UnenrollStudent': {
      const { courseId, studentId, now } = command;
      if (!existing(state).studentIds.includes(studentId)) return [];
      return [{ type: 'StudentUnenrolled', data: { courseId, studentId, unenrolledAt: now } }];
    }
    case 'AssignInstructor': {
      const { courseId, instructorId, now } = command;
      if (existing(state).instructorIds.includes(instructorId)) return [];
      return [{ type: 'InstructorAssigned', data: { courseId, instructorId, assignedAt: now } }];
    }
    case 'UnassignInstructor': {
      const { courseId, instructorId, now } = command;
      if (!existing(state).instructorIds.includes(instructorId)) return [];
      return [{ type: 'InstructorUnassigned', data: { courseId, instructorId, unassignedAt: now } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, Course> = { decide, evolve, initialState };
