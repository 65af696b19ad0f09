import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { courseDecider, evolve, evolveMany, initialState, isEnrolled, type CourseEvent } from './course';

const spec = specFor(courseDecider);
const now = '2026-03-01T00:00:00.000Z';
const created: CourseEvent = {
  type: 'CourseCreated',
  data: {
    courseId: 1,
    courseCode: 'M1',
    courseName: 'Maths',
    courseClass: '9',
    subject: 'Mathematics',
    instructorIds: [7],
    createdAt: now,
  },
};
const enrolled: CourseEvent = { type: 'StudentEnrolled', data: { courseId: 1, studentId: 3, enrolledAt: now } };

describe('course membership', () => {
  it('enrols a student once', () => {
    spec([created]).when({ type: 'EnrollStudent', courseId: 1, studentId: 3, now }).then([enrolled]);
    spec([created, enrolled]).when({ type: 'EnrollStudent', courseId: 1, studentId: 3, now }).then([]);
  });

  it('unenrols an enrolled student', () => {
    spec([created, enrolled])
      .when({ type: 'UnenrollStudent', courseId: 1, studentId: 3, now })
      .then([{ type: 'StudentUnenrolled', data: { courseId: 1, studentId: 3, unenrolledAt: now } }]);
    spec([created]).when({ type: 'UnenrollStudent', courseId: 1, studentId: 3, now }).then([]);
  });

  it('assigns and unassigns instructors', () => {
    spec([created])
      .when({ type: 'AssignInstructor', courseId: 1, instructorId: 8, now })
      .then([{ type: 'InstructorAssigned', data: { courseId: 1, instructorId: 8, assignedAt: now } }]);
    spec([created]).when({ type: 'AssignInstructor', courseId: 1, instructorId: 7, now }).then([]);
    spec([created])
      .when({ type: 'UnassignInstructor', courseId: 1, instructorId: 7, now })
      .then([{ type: 'InstructorUnassigned', data: { courseId: 1, instructorId: 7, unassignedAt: now } }]);
  });

  it('refuses changes to a course that does not exist', () => {
    spec([]).when({ type: 'EnrollStudent', courseId: 1, studentId: 3, now }).thenThrows(NotFoundError, 'Course not found');
  });
});

describe('course fold of many events (evolveMany)', () => {
  const enrol = (studentId: number): CourseEvent => ({ type: 'StudentEnrolled', data: { courseId: 1, studentId, enrolledAt: now } });
  const unenrol = (studentId: number): CourseEvent => ({ type: 'StudentUnenrolled', data: { courseId: 1, studentId, unenrolledAt: now } });
  const assign = (instructorId: number): CourseEvent => ({
    type: 'InstructorAssigned',
    data: { courseId: 1, instructorId, assignedAt: now },
  });
  const unassign = (instructorId: number): CourseEvent => ({
    type: 'InstructorUnassigned',
    data: { courseId: 1, instructorId, unassignedAt: now },
  });

  it('folds to the same state as evolve one event at a time, and leaves the state it was given alone', () => {
    // A fixed pseudo-random mix of every event type, from no course and from one already folded.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pick = (): CourseEvent => {
      const r = next();
      const id = Math.floor(next() * 40);
      return r < 0.6 ? enrol(id) : r < 0.8 ? unenrol(id) : r < 0.9 ? assign(id) : unassign(id);
    };
    for (let round = 0; round < 50; round++) {
      const head = [created, ...Array.from({ length: Math.floor(next() * 30) }, pick)];
      const tail = Array.from({ length: Math.floor(next() * 200) }, pick);
      const start = head.reduce(evolve, initialState());
      const snapshot = JSON.stringify(start);
      expect(evolveMany(start, tail)).toEqual(tail.reduce(evolve, start));
      expect(JSON.stringify(start)).toBe(snapshot);
      expect(evolveMany(initialState(), [...head, ...tail])).toEqual([...head, ...tail].reduce(evolve, initialState()));
    }
    // Before the course exists, events other than its creation change nothing.
    expect(evolveMany(initialState(), [enrol(1), created, enrol(2)])).toMatchObject({ studentIds: [2] });
  });

  it('folds 30,000 enrolments in one pass, and checks membership without scanning the list', () => {
    const events = [created, ...Array.from({ length: 30_000 }, (_, i) => enrol(i + 1))];
    const course = evolveMany(initialState(), events);
    expect(course).toMatchObject({ status: 'active' });
    expect(course.status === 'active' && course.studentIds.length).toBe(30_000);
    expect(isEnrolled(course, 29_999)).toBe(true);
    expect(isEnrolled(course, 30_001)).toBe(false);
    expect(isEnrolled(evolve(course, unenrol(29_999)), 29_999)).toBe(false);
    expect(isEnrolled(initialState(), 1)).toBe(false);
  });
});
