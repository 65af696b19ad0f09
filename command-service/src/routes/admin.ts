import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { changeMembership, createCourse } from '../admin/courses';
import { changeSchool, importPreapprovals } from '../admin/school-settings';
import { updateUser } from '../admin/users';
import { inviteAnalyst, setAnalystAccess, setAnalystNames } from '../admin/analyst-access';
import type { CommandServiceDeps } from '../context';

/** The school admin's commands. The guard has checked the admin role; the tenant is the session's own. */
export function adminRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store, sessions } = deps;
  const actorOf = (request: Parameters<typeof sessionOf>[0]) => {
    const s = sessionOf(request);
    return { tenant: s.tenant, actorId: s.userId, actorRole: s.role };
  };
  const reply = (position: string | null) => ({ success: true as const, position });

  registerRoute(app, sessions, routes.updateSchool, async (request) => {
    const { name, logo_url } = request.body;
    return reply(
      await changeSchool(store, actorOf(request), {
        type: 'UpdateBranding',
        name,
        logoUrl: logo_url || null,
        now: deps.now().toISOString(),
      }),
    );
  });
  registerRoute(app, sessions, routes.addAuthorizedDomain, async (request) =>
    reply(await changeSchool(store, actorOf(request), { type: 'AddAuthorizedDomain', domain: request.body.domain })),
  );
  registerRoute(app, sessions, routes.removeAuthorizedDomain, async (request) =>
    reply(await changeSchool(store, actorOf(request), { type: 'RemoveAuthorizedDomain', domain: request.body.domain })),
  );
  registerRoute(app, sessions, routes.preapproveStudent, async (request) =>
    reply(await changeSchool(store, actorOf(request), { type: 'PreapproveStudents', emails: [request.body.email] })),
  );
  registerRoute(app, sessions, routes.revokePreapprovedStudent, async (request) =>
    reply(await changeSchool(store, actorOf(request), { type: 'RevokePreapproval', email: request.body.email })),
  );
  registerRoute(app, sessions, routes.importPreapprovedStudents, async (request) =>
    importPreapprovals(store, actorOf(request), request.body.csv),
  );

  registerRoute(app, sessions, routes.createCourse, async (request) => {
    const b = request.body;
    const { courseId, position } = await createCourse(
      store,
      actorOf(request),
      {
        courseCode: b.course_code,
        courseName: b.course_name,
        courseClass: b.course_class,
        subject: b.subject,
        instructorIds: [],
      },
      deps.now(),
    );
    return { success: true as const, position, course_id: courseId };
  });
  registerRoute(app, sessions, routes.assignInstructor, async (request) =>
    reply(
      (await changeMembership(store, actorOf(request), 'AssignInstructor', request.body.course_id, request.body.instructor_id, deps.now()))
        .position,
    ),
  );
  registerRoute(app, sessions, routes.unassignInstructor, async (request) =>
    reply(
      (
        await changeMembership(
          store,
          actorOf(request),
          'UnassignInstructor',
          request.body.course_id,
          request.body.instructor_id,
          deps.now(),
        )
      ).position,
    ),
  );
  registerRoute(app, sessions, routes.enrollStudent, async (request) =>
    reply(
      (await changeMembership(store, actorOf(request), 'EnrollStudent', request.body.course_id, request.body.student_id, deps.now()))
        .position,
    ),
  );
  registerRoute(app, sessions, routes.unenrollStudent, async (request) =>
    reply(
      (await changeMembership(store, actorOf(request), 'UnenrollStudent', request.body.course_id, request.body.student_id, deps.now()))
        .position,
    ),
  );

  registerRoute(app, sessions, routes.setAnalystAccess, async (request) =>
    reply(await setAnalystAccess(store, sessions, actorOf(request), request.body.user_id, request.body.allowed, deps.now())),
  );
  registerRoute(app, sessions, routes.inviteAnalyst, async (request) => {
    const { email, first_name: firstName, last_name: lastName } = request.body;
    const { userId, position } = await inviteAnalyst(store, actorOf(request), { email, firstName, lastName }, deps.now());
    return { success: true as const, position, user_id: userId };
  });
  registerRoute(app, sessions, routes.setAnalystNames, async (request) =>
    reply(await setAnalystNames(store, actorOf(request), request.body.allowed, deps.now())),
  );

  registerRoute(app, sessions, routes.updateUser, async (request) => {
    const { user_id, email, class: cls, section, enrollment_date } = request.body;
    return reply(
      await updateUser(
        store,
        sessions,
        actorOf(request),
        user_id,
        { email, class: cls, section, enrollmentDate: enrollment_date },
        deps.now(),
      ),
    );
  });
}
