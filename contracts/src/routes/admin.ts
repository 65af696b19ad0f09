import { z } from 'zod';
import { ROLES } from '../constants';
import { GRADES, emailSchema } from '../validation';
import { CommandReplySchema, route } from './route';

/** The school admin's screens: the spec's "contact your administrator" made real. */
export const AdminSchoolSchema = z.object({
  tenant: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  authorized_domains: z.array(z.string()),
  preapproved_students: z.array(z.object({ email: z.string(), registered: z.boolean() })),
  /** Analysts see people's names in reports and the events export (off: pseudonymised). */
  analyst_names: z.boolean(),
});
export type AdminSchool = z.infer<typeof AdminSchoolSchema>;

const PersonSchema = z.object({ user_id: z.number().int(), name: z.string(), email: z.string() });

export const AdminCourseSchema = z.object({
  course_id: z.number().int(),
  course_code: z.string(),
  course_name: z.string(),
  course_class: z.string(),
  subject: z.string(),
  instructors: z.array(PersonSchema),
  students: z.array(PersonSchema),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

export const AdminUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  class: z.string(),
  section: z.string(),
  enrollment_date: z.string(),
  /** Instructors only: the school admin lets them use Smart Builder. */
  smart_builder: z.boolean(),
  /** May sign in at /auth/login/analyst (granted by the school admin; an analyst account from its registration). */
  analyst: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const CsvImportReplySchema = z.object({
  added: z.array(z.string()),
  skipped: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })),
  position: z.string().nullable(),
});

const domain = z
  .string({ error: 'domain is required' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'domain must look like school.edu');
const courseId = z.number({ error: 'course_id must be a number' }).int().positive();
const userId = z.number({ error: 'user_id must be a number' }).int().positive();
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);

export const adminRoutes = {
  getSchool: route({
    method: 'GET',
    path: '/admin/school',
    kind: 'query',
    access: 'admin',
    summary: "The admin's school: branding, authorised signup domains, pre-approved students.",
    reply: AdminSchoolSchema,
  }),
  updateSchool: route({
    method: 'POST',
    path: '/admin/update-school',
    kind: 'command',
    access: 'admin',
    summary: "Set the school's name and logo URL (shown on its tenant-branded login page).",
    body: z.object({
      name: text('name', 100),
      logo_url: z
        .union([z.url('logo_url must be a URL').max(2000), z.literal('')])
        .nullable()
        .default(null),
    }),
    reply: CommandReplySchema,
  }),
  addAuthorizedDomain: route({
    method: 'POST',
    path: '/admin/add-authorized-domain',
    kind: 'command',
    access: 'admin',
    summary: 'Allow instructor signup from an e-mail domain.',
    body: z.object({ domain }),
    reply: CommandReplySchema,
  }),
  removeAuthorizedDomain: route({
    method: 'POST',
    path: '/admin/remove-authorized-domain',
    kind: 'command',
    access: 'admin',
    summary: 'Stop instructor signup from an e-mail domain.',
    body: z.object({ domain }),
    reply: CommandReplySchema,
  }),
  preapproveStudent: route({
    method: 'POST',
    path: '/admin/preapprove-student',
    kind: 'command',
    access: 'admin',
    summary: 'Allow one student address to sign up.',
    body: z.object({ email: emailSchema }),
    reply: CommandReplySchema,
  }),
  importPreapprovedStudents: route({
    method: 'POST',
    path: '/admin/import-preapproved-students',
    kind: 'command',
    access: 'admin',
    summary: 'Pre-approve student addresses from CSV text (one address per line, or an "email" column); reports what it skipped and why.',
    body: z.object({ csv: z.string({ error: 'csv is required' }).min(1, 'csv is empty').max(1_000_000, 'csv is larger than 1 MB') }),
    reply: CsvImportReplySchema,
  }),
  revokePreapprovedStudent: route({
    method: 'POST',
    path: '/admin/revoke-preapproved-student',
    kind: 'command',
    access: 'admin',
    summary: 'Withdraw a pre-approval (an account already created stays).',
    body: z.object({ email: emailSchema }),
    reply: CommandReplySchema,
  }),
  listCourses: route({
    method: 'GET',
    path: '/admin/courses',
    kind: 'query',
    access: 'admin',
    summary: "The school's courses with their instructors and students.",
    reply: z.array(AdminCourseSchema),
  }),
  createCourse: route({
    method: 'POST',
    path: '/admin/create-course',
    kind: 'command',
    access: 'admin',
    summary: 'Create a course; 409 when the code is taken.',
    body: z.object({
      course_code: z
        .string({ error: 'course_code is required' })
        .trim()
        .regex(/^[A-Za-z0-9-]{2,20}$/, 'course_code must be 2-20 letters, digits or hyphens'),
      course_name: text('course_name', 100),
      course_class: z.enum(GRADES, { error: 'course_class must be a grade from 6 to 12' }),
      subject: text('subject', 50),
    }),
    reply: CommandReplySchema.extend({ course_id: z.number().int() }),
  }),
  assignInstructor: route({
    method: 'POST',
    path: '/admin/assign-instructor',
    kind: 'command',
    access: 'admin',
    summary: 'Make an instructor of this school teach a course.',
    body: z.object({ course_id: courseId, instructor_id: userId }),
    reply: CommandReplySchema,
  }),
  unassignInstructor: route({
    method: 'POST',
    path: '/admin/unassign-instructor',
    kind: 'command',
    access: 'admin',
    summary: 'Stop an instructor teaching a course.',
    body: z.object({ course_id: courseId, instructor_id: userId }),
    reply: CommandReplySchema,
  }),
  enrollStudent: route({
    method: 'POST',
    path: '/admin/enroll-student',
    kind: 'command',
    access: 'admin',
    summary: 'Enrol a student of this school in a course.',
    body: z.object({ course_id: courseId, student_id: userId }),
    reply: CommandReplySchema,
  }),
  unenrollStudent: route({
    method: 'POST',
    path: '/admin/unenroll-student',
    kind: 'command',
    access: 'admin',
    summary: 'Remove a student from a course (their past work stays in the log).',
    body: z.object({ course_id: courseId, student_id: userId }),
    reply: CommandReplySchema,
  }),
  listUsers: route({
    method: 'GET',
    path: '/admin/users',
    kind: 'query',
    access: 'admin',
    summary: "The school's users.",
    reply: z.array(AdminUserSchema),
  }),
  setAnalystAccess: route({
    method: 'POST',
    path: '/admin/set-analyst-access',
    kind: 'command',
    access: 'admin',
    summary:
      "Grant or revoke the analyst role for an account of the school (instructors, admins and analyst accounts; not students). A granted person also signs in at /auth/login/analyst; revoking ends the person's sessions.",
    body: z.object({
      user_id: userId,
      allowed: z.boolean({ error: 'allowed must be true or false' }),
    }),
    reply: CommandReplySchema,
  }),
  inviteAnalyst: route({
    method: 'POST',
    path: '/admin/invite-analyst',
    kind: 'command',
    access: 'admin',
    summary:
      "Create an analyst account (analyst role only) for an address of the school (its domain names the school, as for every login); the person sets a password with 'Forgot password'. 409 when the address is registered.",
    body: z.object({ email: emailSchema, first_name: text('first_name', 50), last_name: text('last_name', 50) }),
    reply: CommandReplySchema.extend({ user_id: z.number().int() }),
  }),
  setAnalystNames: route({
    method: 'POST',
    path: '/admin/set-analyst-names',
    kind: 'command',
    access: 'admin',
    summary: "Let the school's analysts see names in reports and the events export, or not (the default: pseudonymised).",
    body: z.object({ allowed: z.boolean({ error: 'allowed must be true or false' }) }),
    reply: CommandReplySchema,
  }),
  updateUser: route({
    method: 'POST',
    path: '/admin/update-user',
    kind: 'command',
    access: 'admin',
    summary: "Change a user's e-mail, class, section or enrolment date; 409 when the new e-mail is taken.",
    body: z.object({
      user_id: userId,
      email: emailSchema.optional(),
      class: z.union([z.enum(GRADES), z.literal('')]).optional(),
      section: z.string().trim().max(10, 'section is too long').optional(),
      enrollment_date: z.union([z.iso.date('enrollment_date must be a date (YYYY-MM-DD)'), z.literal('')]).optional(),
    }),
    reply: CommandReplySchema,
  }),
} as const;
