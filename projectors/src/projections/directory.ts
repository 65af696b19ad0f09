import { PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';

/** People and courses of each school: profiles, course lists, enrolments. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  switch (event.type) {
    case 'TenantRegistered':
      await tx.query('INSERT INTO tenants (tenant, name) VALUES ($1,$2) ON CONFLICT (tenant) DO UPDATE SET name = EXCLUDED.name',
        [event.data.tenant, event.data.name]);
      return null;
    case 'UserRegistered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO users (tenant, user_id, email, role, first_name, last_name, title, class, section, enrollment_date)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT DO NOTHING`,
        [tenant, d.userId, d.email, d.role, d.firstName, d.lastName, d.title ?? '', d.class ?? '', d.section ?? '', d.enrollmentDate ?? '']);
      return { tenant, keys: [noticeKeys.user(d.userId)] };
    }
    case 'CourseCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO courses (tenant, course_id, course_code, course_name, course_class, subject, instructor_ids, student_ids)
         VALUES ($1,$2,$3,$4,$5,$6,$7,'{}') ON CONFLICT DO NOTHING`,
        [tenant, d.courseId, d.courseCode, d.courseName, d.courseClass, d.subject, d.instructorIds]);
      return { tenant, keys: [noticeKeys.course(d.courseId)] };
    }
    case 'StudentEnrolled': {
      const { courseId, studentId } = event.data;
      await tx.query('UPDATE courses SET student_ids = array_append(student_ids, $3) WHERE tenant = $1 AND course_id = $2 AND NOT ($3 = ANY(student_ids))',
        [tenant, courseId, studentId]);
      return { tenant, keys: [noticeKeys.course(courseId), noticeKeys.user(studentId)] };
    }
    default:
      return null;
  }
}

export const directoryProjection: Projection = {
  name: PROJECTIONS.directory,
  tables: ['tenants', 'users', 'courses'],
  async migrate(db: SqlClient) {
    await db.query('CREATE TABLE IF NOT EXISTS tenants (tenant text PRIMARY KEY, name text NOT NULL)');
    await db.query(`CREATE TABLE IF NOT EXISTS users (
      tenant text NOT NULL, user_id integer NOT NULL, email text NOT NULL, role text NOT NULL, first_name text NOT NULL,
      last_name text NOT NULL, title text NOT NULL, class text NOT NULL, section text NOT NULL, enrollment_date text NOT NULL,
      PRIMARY KEY (tenant, user_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL,
      course_class text NOT NULL, subject text NOT NULL, instructor_ids integer[] NOT NULL, student_ids integer[] NOT NULL,
      PRIMARY KEY (tenant, course_id))`);
  },
  apply,
};
