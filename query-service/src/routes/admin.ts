import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, routes, type AdminUser } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type CourseRow = {
  course_id: number; course_code: string; course_name: string; course_class: string; subject: string;
  instructor_ids: number[]; student_ids: number[];
};
type UserRow = AdminUser;

/** The school admin's reads, always of the admin's own school. */
export function adminQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getSchool, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await db.query<{ tenant: string; name: string; logo_url: string | null; domains: string[]; preapproved: string[] }>(
      'SELECT tenant, name, logo_url, domains, preapproved FROM tenants WHERE tenant = $1', [tenant]);
    const school = rows[0];
    if (!school) throw new NotFoundError('School not found');
    const registered = await db.query<{ email: string }>(
      "SELECT email FROM users WHERE tenant = $1 AND role = 'student' AND email = ANY($2)", [tenant, school.preapproved]);
    const taken = new Set(registered.rows.map((r) => r.email));
    return {
      tenant: school.tenant, name: school.name, logo_url: school.logo_url, authorized_domains: [...school.domains].sort(),
      preapproved_students: [...school.preapproved].sort().map((email) => ({ email, registered: taken.has(email) })),
    };
  });

  registerRoute(app, sessions, routes.listUsers, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await db.query<UserRow>(
      `SELECT user_id, email, role, first_name, last_name, title, class, section, enrollment_date, smart_builder
       FROM users WHERE tenant = $1 ORDER BY role, last_name, first_name`, [tenant]);
    return rows;
  });

  registerRoute(app, sessions, routes.listCourses, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const courses = await db.query<CourseRow>('SELECT * FROM courses WHERE tenant = $1 ORDER BY course_code', [tenant]);
    const users = await db.query<{ user_id: number; first_name: string; last_name: string; email: string }>(
      'SELECT user_id, first_name, last_name, email FROM users WHERE tenant = $1', [tenant]);
    const people = new Map(users.rows.map((u) => [u.user_id, { user_id: u.user_id, name: `${u.first_name} ${u.last_name}`, email: u.email }]));
    const list = (ids: number[]) => ids.flatMap((id) => people.get(id) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    return courses.rows.map((c) => ({
      course_id: c.course_id, course_code: c.course_code, course_name: c.course_name, course_class: c.course_class,
      subject: c.subject, instructors: list(c.instructor_ids), students: list(c.student_ids),
    }));
  });
}
