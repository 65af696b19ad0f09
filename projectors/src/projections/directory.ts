import { PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

const SCHOOL_KEY = noticeKeys.school();

/** A school: its name, logo, the e-mail domains that may sign up and the pre-approved student e-mails. */
export type TenantRow = { tenant: string; name: string; logo_url: string | null; domains: string[]; preapproved: string[] };

/** A person of a school (student, instructor or admin). */
export type UserRow = {
  tenant: string; user_id: number; email: string; role: string; first_name: string; last_name: string; title: string;
  class: string; section: string; enrollment_date: string; smart_builder: boolean;
};

/** A course with its instructors and enrolled students. */
export type CourseRow = {
  tenant: string; course_id: number; course_code: string; course_name: string; course_class: string; subject: string;
  instructor_ids: number[]; student_ids: number[];
};

/** People, courses and schools: profiles, enrolments, who may sign up. Serves profiles and the admin screens. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const school = (sql: string, params: unknown[]) =>
    tx.query(sql, [tenant, ...params]).then(() => ({ tenant, keys: [SCHOOL_KEY] }));
  const user = (sql: string, userId: number, params: unknown[]) =>
    tx.query(sql, [tenant, userId, ...params]).then(() => ({ tenant, keys: [noticeKeys.user(userId), SCHOOL_KEY] }));
  const course = (sql: string, courseId: number, userId: number) =>
    tx.query(sql, [tenant, courseId, userId]).then(() => ({ tenant, keys: [noticeKeys.course(courseId), noticeKeys.user(userId), SCHOOL_KEY] }));

  switch (event.type) {
    case 'TenantRegistered':
      return school(`INSERT INTO tenants (tenant, name) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET name = EXCLUDED.name`, [event.data.name]);
    case 'SchoolBrandingUpdated':
      return school('UPDATE tenants SET name = $2, logo_url = $3 WHERE tenant = $1', [event.data.name, event.data.logoUrl]);
    case 'AuthorizedDomainAdded':
      return school('UPDATE tenants SET domains = array_append(domains, $2) WHERE tenant = $1 AND NOT ($2 = ANY(domains))', [event.data.domain]);
    case 'AuthorizedDomainRemoved':
      return school('UPDATE tenants SET domains = array_remove(domains, $2) WHERE tenant = $1', [event.data.domain]);
    case 'StudentPreapproved':
      return school('UPDATE tenants SET preapproved = array_append(preapproved, $2) WHERE tenant = $1 AND NOT ($2 = ANY(preapproved))', [event.data.email]);
    case 'StudentPreapprovalRevoked':
      return school('UPDATE tenants SET preapproved = array_remove(preapproved, $2) WHERE tenant = $1', [event.data.email]);
    case 'UserRegistered': {
      const d = event.data;
      return user(
        `INSERT INTO users (tenant, user_id, email, role, first_name, last_name, title, class, section, enrollment_date)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT DO NOTHING`,
        d.userId, [d.email, d.role, d.firstName, d.lastName, d.title ?? '', d.class ?? '', d.section ?? '', d.enrollmentDate ?? '']);
    }
    case 'UserProfileUpdated': {
      const d = event.data;
      return user('UPDATE users SET first_name = $3, last_name = $4, title = coalesce($5, title) WHERE tenant = $1 AND user_id = $2',
        d.userId, [d.firstName, d.lastName, d.title ?? null]);
    }
    case 'UserDetailsUpdated': {
      const d = event.data;
      return user(
        `UPDATE users SET class = coalesce($3, class), section = coalesce($4, section), enrollment_date = coalesce($5, enrollment_date)
         WHERE tenant = $1 AND user_id = $2`, d.userId, [d.class ?? null, d.section ?? null, d.enrollmentDate ?? null]);
    }
    case 'SmartBuilderAccessGranted':
    case 'SmartBuilderAccessRevoked':
      return user('UPDATE users SET smart_builder = $3 WHERE tenant = $1 AND user_id = $2',
        event.data.userId, [event.type === 'SmartBuilderAccessGranted']);
    case 'UserEmailChanged':
      return user('UPDATE users SET email = $3 WHERE tenant = $1 AND user_id = $2', event.data.userId, [event.data.to]);
    case 'CourseCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO courses (tenant, course_id, course_code, course_name, course_class, subject, instructor_ids, student_ids)
         VALUES ($1,$2,$3,$4,$5,$6,$7,'{}') ON CONFLICT DO NOTHING`,
        [tenant, d.courseId, d.courseCode, d.courseName, d.courseClass, d.subject, d.instructorIds]);
      return { tenant, keys: [noticeKeys.course(d.courseId), SCHOOL_KEY, ...d.instructorIds.map(noticeKeys.user)] };
    }
    case 'StudentEnrolled':
      return course('UPDATE courses SET student_ids = array_append(student_ids, $3) WHERE tenant = $1 AND course_id = $2 AND NOT ($3 = ANY(student_ids))',
        event.data.courseId, event.data.studentId);
    case 'StudentUnenrolled':
      return course('UPDATE courses SET student_ids = array_remove(student_ids, $3) WHERE tenant = $1 AND course_id = $2',
        event.data.courseId, event.data.studentId);
    case 'InstructorAssigned':
      return course('UPDATE courses SET instructor_ids = array_append(instructor_ids, $3) WHERE tenant = $1 AND course_id = $2 AND NOT ($3 = ANY(instructor_ids))',
        event.data.courseId, event.data.instructorId);
    case 'InstructorUnassigned':
      return course('UPDATE courses SET instructor_ids = array_remove(instructor_ids, $3) WHERE tenant = $1 AND course_id = $2',
        event.data.courseId, event.data.instructorId);
    default:
      return null;
  }
}

export const directoryProjection: Projection = perEventProjection({
  name: PROJECTIONS.directory,
  version: 3,
  tables: ['tenants', 'users', 'courses'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS tenants (
      tenant text PRIMARY KEY, name text NOT NULL, logo_url text,
      domains text[] NOT NULL DEFAULT '{}', preapproved text[] NOT NULL DEFAULT '{}')`);
    await db.query(`CREATE TABLE IF NOT EXISTS users (
      tenant text NOT NULL, user_id integer NOT NULL, email text NOT NULL, role text NOT NULL, first_name text NOT NULL,
      last_name text NOT NULL, title text NOT NULL, class text NOT NULL, section text NOT NULL, enrollment_date text NOT NULL,
      smart_builder boolean NOT NULL DEFAULT false,
      PRIMARY KEY (tenant, user_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS users_email ON users (tenant, email)');
    await db.query(`CREATE TABLE IF NOT EXISTS courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL,
      course_class text NOT NULL, subject text NOT NULL, instructor_ids integer[] NOT NULL, student_ids integer[] NOT NULL,
      PRIMARY KEY (tenant, course_id))`);
  },
  apply,
});
