import { streamIds } from '@evergrade/contracts';
import { createAssignment, flagQuestion, registerTenant, registerUser, type NewUser } from './school';
import { currentHolder } from './user/email-reservation';
import { changeMembership, createCourse } from './admin/courses';
import { changeSchool } from './admin/school-settings';
import { setSmartBuilderAccess } from './library/smart-builder';
import type { EventStore } from '@evergrade/platform/event-store';

export const DEMO_PASSWORD = 'Evergrade#2026';
export const DEMO_LOGINS = [
  { role: 'instructor', email: 'teacher@demo.school' },
  { role: 'student', email: 'student@demo.school' },
  { role: 'student', email: 'student2@demo.school' },
  { role: 'admin', email: 'admin@demo.school' },
  { role: 'analyst', email: 'analyst@demo.school' },
] as const;

/** Addresses the demo school lets sign up as students (instructors: any address at demo.school). */
export const DEMO_PREAPPROVED_STUDENTS = ['new.student@demo.school', 'pupil@demo.school'];

const DAY = 86_400_000;

/** Command ids of the seed's steps: `demo-seed:<step>`. The last step's id marks a finished seed. */
const SEED = 'demo-seed:';
const LAST_STEP = `${SEED}preapprove-students`;

/**
 * Seeds 'Demo School' (tenant demo) by issuing commands. Every step carries its own command id on every append
 * (`demo-seed:<step>`), so a start that was killed half-way is resumed by the next one: steps already written
 * return what they wrote (the same ids), the rest are written. The last step (the pre-approvals, on the tenant's
 * stream) marks the seed finished; a finished seed is left alone. True when this call wrote the school or its
 * missing part, false when it was already whole (or was seeded by a version without step ids).
 */
export async function seedDemoSchool(store: EventStore, now = new Date()): Promise<boolean> {
  const tenantEvents = await store.readStream(streamIds.tenant('demo'));
  const stepIds = tenantEvents.map((e) => e.metadata.commandId).filter((id) => typeof id === 'string' && id.startsWith(SEED));
  if (stepIds.includes(LAST_STEP)) return false;
  // Seeded whole by a version that wrote everything before the tenant's first event had a step id.
  if (tenantEvents.length > 0 && stepIds.length === 0) return false;

  // EVERGRADE_SEED_TRACE=true names each step on stderr as it begins (the chaos suite kills starts mid-seed by it).
  const trace = process.env.EVERGRADE_SEED_TRACE === 'true';
  const step = (name: string) => {
    if (trace) process.stderr.write(`demo seed step: ${name}\n`);
    return { tenant: 'demo', actorRole: 'system' as const, commandId: `${SEED}${name}` };
  };
  // A user this seed registered before it stopped is found by address, without hashing the password again.
  const user = async (name: string, input: NewUser) => {
    const actor = step(name);
    const holder = await currentHolder(store, 'demo', input.email);
    const events = holder === null ? [] : await store.readStream(streamIds.user('demo', holder));
    return events.some((e) => e.metadata.commandId === actor.commandId) ? holder! : registerUser(store, actor, input, now);
  };
  await registerTenant(store, step('tenant'), 'Demo School', now);
  await changeSchool(store, step('authorized-domain'), { type: 'AddAuthorizedDomain', domain: 'demo.school' });
  const enrollmentDate = now.toISOString().slice(0, 10);
  const teacher = await user('user-teacher', {
    email: 'teacher@demo.school',
    role: 'instructor',
    password: DEMO_PASSWORD,
    firstName: 'Grace',
    lastName: 'Hopper',
    title: "Ma'am",
  });
  const schoolAdmin = await user('user-admin', {
    email: 'admin@demo.school',
    role: 'admin',
    password: DEMO_PASSWORD,
    firstName: 'Alan',
    lastName: 'Turing',
  });
  // An analyst account holds the analyst role from its registration (the admin may revoke it, and grant it to staff).
  await user('user-analyst', {
    email: 'analyst@demo.school',
    role: 'analyst',
    password: DEMO_PASSWORD,
    firstName: 'Florence',
    lastName: 'Nightingale',
  });
  await setSmartBuilderAccess(store, { ...step('smart-builder-teacher'), actorId: schoolAdmin, actorRole: 'admin' }, teacher, true, now);
  const students = [
    await user('user-student', {
      email: 'student@demo.school',
      role: 'student',
      password: DEMO_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
      class: '10',
      section: 'A',
      enrollmentDate,
    }),
    await user('user-student2', {
      email: 'student2@demo.school',
      role: 'student',
      password: DEMO_PASSWORD,
      firstName: 'Emmy',
      lastName: 'Noether',
      class: '10',
      section: 'A',
      enrollmentDate,
    }),
  ];
  const { courseId: math } = await createCourse(
    store,
    step('course-math'),
    {
      courseCode: 'MATH10',
      courseName: 'Mathematics',
      courseClass: '10',
      subject: 'Mathematics',
      instructorIds: [teacher],
    },
    now,
  );
  const { courseId: physics } = await createCourse(
    store,
    step('course-physics'),
    {
      courseCode: 'PHYS10',
      courseName: 'Physics',
      courseClass: '10',
      subject: 'Physics',
      instructorIds: [teacher],
    },
    now,
  );
  for (const [course, code] of [
    [math, 'math'],
    [physics, 'physics'],
  ] as const) {
    for (const [i, s] of students.entries())
      await changeMembership(store, step(`enrol-${code}-student${i + 1}`), 'EnrollStudent', course, s, now);
  }

  const instructor = (name: string) => ({ ...step(name), actorId: teacher, actorRole: 'instructor' as const });
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await createAssignment(
    store,
    instructor('assignment-quadratic-equations'),
    {
      courseId: math,
      title: 'Quadratic Equations',
      assigned: at(-1),
      due: at(30),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        {
          content: 'Solve $x^2 - 5x + 6 = 0$. Show your working.',
          marksPossible: 4,
          answer: '$x = 2$ or $x = 3$, from $(x - 2)(x - 3) = 0$',
          gradingInstructions: 'Two marks for a correct factorisation or use of the formula, one mark for each root.',
          tags: ['Problem Solving - Strategy'],
        },
        {
          content: 'For which values of $k$ does $x^2 + kx + 9 = 0$ have exactly one real root?',
          marksPossible: 3,
          answer: '$k = 6$ or $k = -6$ (discriminant $k^2 - 36 = 0$)',
          gradingInstructions: 'One mark for setting the discriminant to zero, one for each value of k.',
        },
        {
          content: 'Explain in one or two sentences what the discriminant tells you about a quadratic.',
          marksPossible: 3,
          answer: 'The discriminant $b^2 - 4ac$ tells how many real roots there are: two if positive, one if zero, none if negative.',
          gradingInstructions: 'One mark for each case (positive, zero, negative).',
        },
      ],
    },
    now,
  );
  const newton = await createAssignment(
    store,
    instructor('assignment-newtons-laws'),
    {
      courseId: physics,
      title: "Newton's Laws",
      assigned: at(-2),
      due: at(60),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        {
          content: 'State Newton’s second law and give its SI units.',
          marksPossible: 2,
          answer: 'The net force equals mass times acceleration, $F = ma$; force in newtons (N = kg·m/s²).',
          gradingInstructions: 'One mark for the law, one for the units.',
        },
        {
          content: 'A 2 kg cart accelerates at 3 m/s². What net force acts on it?',
          marksPossible: 2,
          answer: '6 N',
          gradingInstructions: 'Accept 6 N; one mark off for missing units.',
        },
      ],
    },
    now,
  );
  await flagQuestion(
    store,
    step('flag-newtons-laws-2'),
    newton,
    2,
    'The answer key gives 6 N but the grading instructions mention working: check what earns full marks.',
    now,
  );
  await createAssignment(
    store,
    instructor('assignment-linear-functions-review'),
    {
      courseId: math,
      title: 'Linear Functions Review',
      assigned: at(-20),
      due: at(-5),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        {
          content: 'Find the slope of the line through (1, 2) and (3, 8).',
          marksPossible: 2,
          answer: '3',
          gradingInstructions: 'One mark for the method (rise over run), one for the value.',
        },
        {
          content: 'Write the equation of a line with slope 2 through the origin.',
          marksPossible: 2,
          answer: '$y = 2x$',
          gradingInstructions: '',
        },
      ],
    },
    now,
  );
  await createAssignment(
    store,
    instructor('assignment-energy-and-work'),
    {
      courseId: physics,
      title: 'Energy and Work',
      assigned: at(-30),
      due: at(-12),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        {
          content: 'Define kinetic energy and write its formula.',
          marksPossible: 3,
          answer: 'The energy a body has because of its motion: $E_k = \\frac{1}{2}mv^2$.',
          gradingInstructions: 'One mark for the definition, two for the formula.',
        },
      ],
    },
    now,
  );
  await changeSchool(store, step('preapprove-students'), { type: 'PreapproveStudents', emails: DEMO_PREAPPROVED_STUDENTS });
  return true;
}
