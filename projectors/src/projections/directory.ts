import { PROJECTIONS, noticeKeys, type DomainEvent, type Role } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

const SCHOOL_KEY = noticeKeys.school();

/** A school: its name, logo, the e-mail domains that may sign up and the pre-approved student e-mails. */
export type TenantRow = {
  tenant: string;
  name: string;
  logo_url: string | null;
  domains: string[];
  preapproved: string[];
  /** The school admin lets analysts see names (off: pseudonymised). */
  analyst_names: boolean;
  /** The position of the last event that changed the row. */
  position: string;
};

/** A person of a school (student, instructor or admin). */
export type UserRow = {
  tenant: string;
  user_id: number;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  title: string;
  class: string;
  section: string;
  enrollment_date: string;
  smart_builder: boolean;
  /** May sign in as an analyst. */
  analyst: boolean;
  /** The position of the last event that changed the row. */
  position: string;
};

/** A course with its instructors and enrolled students. */
export type CourseRow = {
  tenant: string;
  course_id: number;
  course_code: string;
  course_name: string;
  course_class: string;
  subject: string;
  instructor_ids: number[];
  student_ids: number[];
  /** The position of the last event that changed the row. */
  position: string;
};

const tenantsTable: TableSpec<TenantRow> = {
  table: 'tenants',
  key: ['tenant'],
  columns: ['tenant', 'name', 'logo_url', 'domains', 'preapproved', 'analyst_names', 'position'],
};
const usersTable: TableSpec<UserRow> = {
  table: 'users',
  key: ['tenant', 'user_id'],
  columns: [
    'tenant',
    'user_id',
    'email',
    'role',
    'first_name',
    'last_name',
    'title',
    'class',
    'section',
    'enrollment_date',
    'smart_builder',
    'analyst',
    'position',
  ],
};
const coursesTable: TableSpec<CourseRow> = {
  table: 'courses',
  key: ['tenant', 'course_id'],
  columns: ['tenant', 'course_id', 'course_code', 'course_name', 'course_class', 'subject', 'instructor_ids', 'student_ids', 'position'],
};

type State = { tenants: RowSet<TenantRow>; users: RowSet<UserRow>; courses: RowSet<CourseRow> };

const TENANT_EVENTS = new Set([
  'TenantRegistered',
  'SchoolBrandingUpdated',
  'AuthorizedDomainAdded',
  'AuthorizedDomainRemoved',
  'StudentPreapproved',
  'StudentPreapprovalRevoked',
  'AnalystNamesSettingChanged',
]);
const USER_EVENTS = new Set([
  'UserRegistered',
  'UserProfileUpdated',
  'UserDetailsUpdated',
  'SmartBuilderAccessGranted',
  'SmartBuilderAccessRevoked',
  'AnalystAccessGranted',
  'AnalystAccessRevoked',
  'UserEmailChanged',
]);
const COURSE_EVENTS = new Set(['CourseCreated', 'StudentEnrolled', 'StudentUnenrolled', 'InstructorAssigned', 'InstructorUnassigned']);

const withItem = <T>(list: T[], item: T): T[] => (list.includes(item) ? list : [...list, item]);
const withoutItem = <T>(list: T[], item: T): T[] => list.filter((x) => x !== item);

/**
 * Pure: people, courses and schools: profiles, enrolments, who may sign up. Serves profiles and the admin screens.
 * A change to a row that does not exist (yet) changes nothing, as an UPDATE would; the notice goes out all the same.
 * Each row keeps the position of the last event that changed it, so a redelivered event changes nothing.
 */
export function evolveDirectory(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  const fresh = (row: { position: string } | undefined) => row !== undefined && row.position < position;
  const schoolTouched = { tenant, keys: [SCHOOL_KEY] };
  const school = (change: (row: TenantRow) => TenantRow): Touched => {
    const row = state.tenants.get({ tenant });
    if (fresh(row)) state.tenants.put({ ...change(row!), position });
    return schoolTouched;
  };
  const user = (userId: number, change: (row: UserRow) => UserRow): Touched => {
    const row = state.users.get({ tenant, user_id: userId });
    if (fresh(row)) state.users.put({ ...change(row!), position });
    return { tenant, keys: [noticeKeys.user(userId), SCHOOL_KEY] };
  };
  const course = (courseId: number, userId: number, change: (row: CourseRow) => CourseRow): Touched => {
    const row = state.courses.get({ tenant, course_id: courseId });
    if (fresh(row)) state.courses.put({ ...change(row!), position });
    return { tenant, keys: [noticeKeys.course(courseId), noticeKeys.user(userId), SCHOOL_KEY] };
  };

  switch (event.type) {
    case 'TenantRegistered': {
      const row = state.tenants.get({ tenant });
      if (!row) {
        state.tenants.put({ tenant, name: event.data.name, logo_url: null, domains: [], preapproved: [], analyst_names: false, position });
      } else if (fresh(row)) state.tenants.put({ ...row, name: event.data.name, position });
      return schoolTouched;
    }
    case 'SchoolBrandingUpdated':
      return school((t) => ({ ...t, name: event.data.name, logo_url: event.data.logoUrl }));
    case 'AuthorizedDomainAdded':
      return school((t) => ({ ...t, domains: withItem(t.domains, event.data.domain) }));
    case 'AuthorizedDomainRemoved':
      return school((t) => ({ ...t, domains: withoutItem(t.domains, event.data.domain) }));
    case 'StudentPreapproved':
      return school((t) => ({ ...t, preapproved: withItem(t.preapproved, event.data.email) }));
    case 'StudentPreapprovalRevoked':
      return school((t) => ({ ...t, preapproved: withoutItem(t.preapproved, event.data.email) }));
    case 'AnalystNamesSettingChanged':
      return school((t) => ({ ...t, analyst_names: event.data.allowNames }));
    case 'UserRegistered': {
      const d = event.data;
      if (!state.users.has({ tenant, user_id: d.userId })) {
        state.users.put({
          tenant,
          user_id: d.userId,
          email: d.email,
          role: d.role,
          first_name: d.firstName,
          last_name: d.lastName,
          title: d.title ?? '',
          class: d.class ?? '',
          section: d.section ?? '',
          enrollment_date: d.enrollmentDate ?? '',
          smart_builder: false,
          analyst: d.role === 'analyst',
          position,
        });
      }
      return { tenant, keys: [noticeKeys.user(d.userId), SCHOOL_KEY] };
    }
    case 'UserProfileUpdated': {
      const d = event.data;
      return user(d.userId, (u) => ({ ...u, first_name: d.firstName, last_name: d.lastName, title: d.title ?? u.title }));
    }
    case 'UserDetailsUpdated': {
      const d = event.data;
      return user(d.userId, (u) => ({
        ...u,
        class: d.class ?? u.class,
        section: d.section ?? u.section,
        enrollment_date: d.enrollmentDate ?? u.enrollment_date,
      }));
    }
    case 'SmartBuilderAccessGranted':
    case 'SmartBuilderAccessRevoked': {
      const granted = event.type === 'SmartBuilderAccessGranted';
      return user(event.data.userId, (u) => ({ ...u, smart_builder: granted }));
    }
    case 'AnalystAccessGranted':
    case 'AnalystAccessRevoked': {
      const granted = event.type === 'AnalystAccessGranted';
      return user(event.data.userId, (u) => ({ ...u, analyst: granted }));
    }
    case 'UserEmailChanged': {
      const to = event.data.to;
      return user(event.data.userId, (u) => ({ ...u, email: to }));
    }
    case 'CourseCreated': {
      const d = event.data;
      if (!state.courses.has({ tenant, course_id: d.courseId })) {
        state.courses.put({
          tenant,
          course_id: d.courseId,
          course_code: d.courseCode,
          course_name: d.courseName,
          course_class: d.courseClass,
          subject: d.subject,
          instructor_ids: [...d.instructorIds],
          student_ids: [],
          position,
        });
      }
      return { tenant, keys: [noticeKeys.course(d.courseId), SCHOOL_KEY, ...d.instructorIds.map(noticeKeys.user)] };
    }
    case 'StudentEnrolled': {
      const { courseId, studentId } = event.data;
      return course(courseId, studentId, (c) => ({ ...c, student_ids: withItem(c.student_ids, studentId) }));
    }
    case 'StudentUnenrolled': {
      const { courseId, studentId } = event.data;
      return course(courseId, studentId, (c) => ({ ...c, student_ids: withoutItem(c.student_ids, studentId) }));
    }
    case 'InstructorAssigned': {
      const { courseId, instructorId } = event.data;
      return course(courseId, instructorId, (c) => ({ ...c, instructor_ids: withItem(c.instructor_ids, instructorId) }));
    }
    case 'InstructorUnassigned': {
      const { courseId, instructorId } = event.data;
      return course(courseId, instructorId, (c) => ({ ...c, instructor_ids: withoutItem(c.instructor_ids, instructorId) }));
    }
    default:
      return null;
  }
}

export const directoryProjection = defineProjection<State>({
  name: PROJECTIONS.directory,
  version: 5,
  tables: ['tenants', 'users', 'courses'],
  handles: [...TENANT_EVENTS, ...USER_EVENTS, ...COURSE_EVENTS],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS tenants (
      tenant text PRIMARY KEY, name text NOT NULL, logo_url text,
      domains text[] NOT NULL DEFAULT '{}', preapproved text[] NOT NULL DEFAULT '{}',
      analyst_names boolean NOT NULL DEFAULT false, position text NOT NULL)`);
    await db.query(`CREATE TABLE IF NOT EXISTS users (
      tenant text NOT NULL, user_id integer NOT NULL, email text NOT NULL, role text NOT NULL, first_name text NOT NULL,
      last_name text NOT NULL, title text NOT NULL, class text NOT NULL, section text NOT NULL, enrollment_date text NOT NULL,
      smart_builder boolean NOT NULL DEFAULT false, analyst boolean NOT NULL DEFAULT false, position text NOT NULL,
      PRIMARY KEY (tenant, user_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS users_email ON users (tenant, email)');
    await db.query(`CREATE TABLE IF NOT EXISTS courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL,
      course_class text NOT NULL, subject text NOT NULL, instructor_ids integer[] NOT NULL, student_ids integer[] NOT NULL,
      position text NOT NULL, PRIMARY KEY (tenant, course_id))`);
  },
  init: () => ({ tenants: new RowSet(tenantsTable), users: new RowSet(usersTable), courses: new RowSet(coursesTable) }),
  async load(tx, state, events) {
    const tenants: Partial<TenantRow>[] = [];
    const users: Partial<UserRow>[] = [];
    const courses: Partial<CourseRow>[] = [];
    for (const e of events) {
      const tenant = tenantOf(e);
      if (TENANT_EVENTS.has(e.type)) tenants.push({ tenant });
      else if (USER_EVENTS.has(e.type)) users.push({ tenant, user_id: Number(e.data.userId) });
      else if (COURSE_EVENTS.has(e.type)) courses.push({ tenant, course_id: Number(e.data.courseId) });
    }
    await state.tenants.load(tx, tenants);
    await state.users.load(tx, users);
    await state.courses.load(tx, courses);
  },
  evolve: evolveDirectory,
});
