import { z } from 'zod';
import { InstructorProfileSchema } from '../read-models';
import { CommandReplySchema, route } from './route';
import { ProfileNamesBodySchema } from './students';

/** A student of a course, as the instructor's course pages list them. */
export const CourseStudentSchema = z.object({ student_id: z.number().int(), name: z.string() });
export type CourseStudent = z.infer<typeof CourseStudentSchema>;

/** One course the signed-in instructor teaches (spec document 3, section 3). */
export const InstructorCourseSchema = z.object({
  course_code: z.string(),
  course_name: z.string(),
  course_class: z.string(),
  student_count: z.number().int(),
  assignment_count: z.number().int(),
  student_list: z.array(CourseStudentSchema),
});
export type InstructorCourse = z.infer<typeof InstructorCourseSchema>;

/** A published assignment of a course; due_date is an ISO instant. */
export const CourseAssignmentSchema = z.object({ assignment_id: z.number().int(), title: z.string(), due_date: z.string() });
export type CourseAssignment = z.infer<typeof CourseAssignmentSchema>;

const CourseCodeParamsSchema = z.object({
  courseCode: z.string({ error: 'courseCode is required' }).trim().min(1, 'courseCode is required').max(20),
});

export const instructorRoutes = {
  getInstructor: route({
    method: 'GET',
    path: '/instructors/get-instructor',
    kind: 'query',
    access: 'instructor',
    summary: "The signed-in instructor's profile.",
    reply: InstructorProfileSchema,
  }),
  updateInstructorProfile: route({
    method: 'POST',
    path: '/instructors/update-profile',
    kind: 'command',
    access: 'instructor',
    summary: "Change the signed-in instructor's name and how they are addressed.",
    body: ProfileNamesBodySchema.extend({
      title: z.string({ error: 'title is required' }).trim().min(1, 'Please specify your preferred title').max(30),
    }),
    reply: CommandReplySchema,
  }),
  getInstructorCourses: route({
    method: 'POST',
    path: '/instructors/get-courses',
    kind: 'query',
    access: 'instructor',
    summary:
      'The courses the signed-in instructor teaches, with their students and published-assignment counts. instructor_id must be their own id.',
    body: z.object({ instructor_id: z.number({ error: 'instructor_id is required' }).int() }),
    reply: z.array(InstructorCourseSchema),
  }),
  getCourseStudents: route({
    method: 'GET',
    path: '/instructors/get-course-students/:courseCode',
    kind: 'query',
    access: 'instructor',
    summary: 'The students of a course the signed-in instructor teaches (404 for any other course).',
    params: CourseCodeParamsSchema,
    reply: z.object({ student_list: z.array(CourseStudentSchema) }),
  }),
  getCourseAssignments: route({
    method: 'GET',
    path: '/instructors/get-course-assignments/:courseCode',
    kind: 'query',
    access: 'instructor',
    summary: 'The published assignments of a course the signed-in instructor teaches, by due date (404 for any other course).',
    params: CourseCodeParamsSchema,
    reply: z.array(CourseAssignmentSchema),
  }),
} as const;
