import { isDeepStrictEqual } from 'node:util';
import { routes } from '@evergrade/contracts';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_PREAPPROVED_STUDENTS } from '@evergrade/command-service';
import { call, login, waitUntil, type Session } from './http';

/** What a school sees of the demo school through the product's own routes, without ids (they may differ). */
export type DemoSnapshot = {
  logins: Record<string, string>;
  studentAssignments: Record<string, string[]>;
  studentCourses: Record<string, string[]>;
  teacherAssignments: Record<string, string[]>;
  authorizedDomains: string[];
  preapproved: string[];
  courses: { code: string; instructors: string[]; students: string[] }[];
};

/** The demo school as README describes it: what every whole demo school must show, whatever else it shows. */
export const EXPECTED_DEMO = {
  courses: { MATH10: ['Linear Functions Review', 'Quadratic Equations'], PHYS10: ['Energy and Work', "Newton's Laws"] } as Record<
    string,
    string[]
  >,
  students: DEMO_LOGINS.filter((l) => l.role === 'student').map((l) => l.email),
  teacher: DEMO_LOGINS.find((l) => l.role === 'instructor')!.email,
};

const sorted = (xs: string[]) => [...xs].sort();

/** Signs in as every demo login and reads what each of them sees; throws when a login fails. */
export async function readDemoSchool(base: string): Promise<DemoSnapshot> {
  const sessions = new Map<string, Session>();
  const logins: Record<string, string> = {};
  for (const l of DEMO_LOGINS) {
    const session = await login(base, l.role, l.email, DEMO_PASSWORD);
    sessions.set(l.email, session);
    logins[l.email] = l.role;
  }
  const studentAssignments: Record<string, string[]> = {};
  const studentCourses: Record<string, string[]> = {};
  for (const email of EXPECTED_DEMO.students) {
    const s = sessions.get(email)!;
    const assignments = await call<Record<string, { title: string; course_code: string }>>(
      base,
      s,
      'GET',
      routes.getStudentAssignments.path,
    );
    studentAssignments[email] = sorted(Object.values(assignments).map((a) => `${a.course_code}: ${a.title}`));
    const courses = await call<{ course_code: string }[]>(base, s, 'GET', routes.getStudentCourses.path);
    studentCourses[email] = sorted(courses.map((c) => c.course_code));
  }
  const teacher = sessions.get(EXPECTED_DEMO.teacher)!;
  const teacherAssignments: Record<string, string[]> = {};
  for (const code of Object.keys(EXPECTED_DEMO.courses)) {
    const list = await call<{ title: string }[]>(base, teacher, 'GET', routes.getCourseAssignments.path.replace(':courseCode', code));
    teacherAssignments[code] = sorted(list.map((a) => a.title));
  }
  const admin = sessions.get(DEMO_LOGINS.find((l) => l.role === 'admin')!.email)!;
  const school = await call<{ authorized_domains: string[]; preapproved_students: { email: string }[] }>(
    base,
    admin,
    'GET',
    routes.getSchool.path,
  );
  const courses = await call<{ course_code: string; instructors: { email: string }[]; students: { email: string }[] }[]>(
    base,
    admin,
    'GET',
    routes.listCourses.path,
  );
  return {
    logins,
    studentAssignments,
    studentCourses,
    teacherAssignments,
    authorizedDomains: sorted(school.authorized_domains),
    preapproved: sorted(school.preapproved_students.map((p) => p.email)),
    courses: courses
      .map((c) => ({
        code: c.course_code,
        instructors: sorted(c.instructors.map((i) => i.email)),
        students: sorted(c.students.map((s) => s.email)),
      }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** What is missing or wrong against README's demo school; empty when whole. */
export function demoSchoolProblems(s: DemoSnapshot): string[] {
  const problems: string[] = [];
  const codes = Object.keys(EXPECTED_DEMO.courses);
  const all = sorted(codes.flatMap((code) => EXPECTED_DEMO.courses[code]!.map((t) => `${code}: ${t}`)));
  for (const email of EXPECTED_DEMO.students) {
    if (!isDeepStrictEqual(s.studentAssignments[email], all))
      problems.push(`${email} sees assignments ${JSON.stringify(s.studentAssignments[email])}`);
    if (!isDeepStrictEqual(s.studentCourses[email], sorted(codes)))
      problems.push(`${email} is in courses ${JSON.stringify(s.studentCourses[email])}`);
  }
  for (const code of codes) {
    if (!isDeepStrictEqual(s.teacherAssignments[code], sorted(EXPECTED_DEMO.courses[code]!))) {
      problems.push(`the teacher sees in ${code}: ${JSON.stringify(s.teacherAssignments[code])}`);
    }
    const course = s.courses.find((c) => c.code === code);
    if (!course) problems.push(`the admin does not see course ${code}`);
    else {
      if (!isDeepStrictEqual(course.instructors, [EXPECTED_DEMO.teacher]))
        problems.push(`${code} is taught by ${JSON.stringify(course.instructors)}`);
      if (!isDeepStrictEqual(course.students, sorted(EXPECTED_DEMO.students)))
        problems.push(`${code} has students ${JSON.stringify(course.students)}`);
    }
  }
  if (!s.authorizedDomains.includes('demo.school')) problems.push(`authorised domains: ${JSON.stringify(s.authorizedDomains)}`);
  if (!isDeepStrictEqual(s.preapproved, sorted(DEMO_PREAPPROVED_STUDENTS)))
    problems.push(`pre-approved students: ${JSON.stringify(s.preapproved)}`);
  return problems;
}

/**
 * Every demo login works and shows the whole demo school. Logins go to the event store at once; the lists are read
 * models, so they are read again until whole (they may still be catching up just after the start), at most `ms`.
 */
export async function checkDemoSchool(base: string, ms = 60_000): Promise<{ whole: boolean; problems: string[]; snapshot?: DemoSnapshot }> {
  let problems: string[] = ['not read'];
  let snapshot: DemoSnapshot | undefined;
  await waitUntil(async () => {
    try {
      snapshot = await readDemoSchool(base);
      problems = demoSchoolProblems(snapshot);
    } catch (err) {
      problems = [err instanceof Error ? err.message : String(err)];
    }
    return problems.length === 0;
  }, ms);
  return { whole: problems.length === 0, problems, ...(snapshot ? { snapshot } : {}) };
}
