import { ConflictError, ValidationError, type EventOf } from '@evergrade/contracts';
import type { Decider } from '../decider';

export type CourseEvent = EventOf<'CourseCreated' | 'StudentEnrolled'>;

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
  | { type: 'EnrollStudent'; courseId: number; studentId: number; now: string };

export const initialState = (): Course => ({ status: 'none' });

export function evolve(state: Course, event: CourseEvent): Course {
  switch (event.type) {
    case 'CourseCreated': {
      const { courseId, courseCode, courseName, instructorIds } = event.data;
      return { status: 'active', courseId, courseCode, courseName, instructorIds, studentIds: [] };
    }
    case 'StudentEnrolled':
      return state.status === 'none' ? state : { ...state, studentIds: [...state.studentIds, event.data.studentId] };
  }
}

export function decide(command: CourseCommand, state: Course): CourseEvent[] {
  switch (command.type) {
    case 'CreateCourse': {
      if (state.status !== 'none') throw new ConflictError('This course already exists');
      if (command.courseCode.trim() === '') throw new ValidationError('course_code is required', 'course_code');
      const { type: _, now, ...data } = command;
      return [{ type: 'CourseCreated', data: { ...data, createdAt: now } }];
    }
    case 'EnrollStudent': {
      if (state.status === 'none') throw new ValidationError('Course not found', 'course_id');
      if (state.studentIds.includes(command.studentId)) return [];
      return [{ type: 'StudentEnrolled', data: { courseId: command.courseId, studentId: command.studentId, enrolledAt: command.now } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, Course> = { decide, evolve, initialState };
