import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, routes, type AdminUser } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { coursesOfTenant, studentEmailsAmong, tenantById, usersByIds, usersOfTenant } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** The school admin's reads, always of the admin's own school. */
export function adminQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getSchool, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const school = await tenantById(db, tenant);
    if (!school) throw new NotFoundError('School not found');
    const taken = new Set(await studentEmailsAmong(db, tenant, school.preapproved));
    return {
      tenant: school.tenant,
      name: school.name,
      logo_url: school.logo_url,
      authorized_domains: [...school.domains].sort(),
      preapproved_students: [...school.preapproved].sort().map((email) => ({ email, registered: taken.has(email) })),
      analyst_names: school.analyst_names,
    };
  });

  registerRoute(app, sessions, routes.listUsers, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    return (await usersOfTenant(db, tenant)).map((u): AdminUser => ({
      user_id: u.user_id,
      email: u.email,
      role: u.role,
      first_name: u.first_name,
      last_name: u.last_name,
      title: u.title,
      class: u.class,
      section: u.section,
      enrollment_date: u.enrollment_date,
      smart_builder: u.smart_builder,
      analyst: u.analyst,
    }));
  });

  registerRoute(app, sessions, routes.listCourses, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const courses = await coursesOfTenant(db, tenant);
    const users = await usersByIds(
      db,
      tenant,
      courses.flatMap((c) => [...c.instructor_ids, ...c.student_ids]),
    );
    const people = new Map(users.map((u) => [u.user_id, { user_id: u.user_id, name: `${u.first_name} ${u.last_name}`, email: u.email }]));
    const list = (ids: number[]) => ids.flatMap((id) => people.get(id) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    return courses.map((c) => ({
      course_id: c.course_id,
      course_code: c.course_code,
      course_name: c.course_name,
      course_class: c.course_class,
      subject: c.subject,
      instructors: list(c.instructor_ids),
      students: list(c.student_ids),
    }));
  });
}
