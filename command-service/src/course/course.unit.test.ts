import { describe, it } from 'vitest';
import { NotFoundError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { courseDecider, type CourseEvent } from './course';

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
