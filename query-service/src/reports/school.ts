import type { RecordedEvent } from '@evergrade/platform/event-store';

/**
 * What every report needs to name things, folded from the school's own log: its people (with a stable pseudonym each:
 * "Student 3" is the third student the log registered), courses, assignments (title, due time) and questions (number,
 * marks). A throwaway, in-memory projection: built for one run and dropped.
 */
export type Person = { role: string; firstName: string; lastName: string; email: string; pseudonym: string };
export type SchoolAssignment = { title: string; due: string; courseId: number; deleted: boolean };
export type SchoolQuestion = { assignmentId: number; number: number; possible: number };

export type School = {
  people: Map<number, Person>;
  /** E-mail address (lower case) to user id, for events that name a person by address only. */
  byEmail: Map<string, number>;
  perRole: Map<string, number>;
  courses: Map<number, { code: string; name: string }>;
  assignments: Map<number, SchoolAssignment>;
  questions: Map<number, SchoolQuestion>;
};

export const SCHOOL_EVENT_TYPES = [
  'UserRegistered',
  'UserProfileUpdated',
  'UserEmailChanged',
  'CourseCreated',
  'AssignmentCreated',
  'AssignmentRenamed',
  'AssignmentDeleted',
  'QuestionAdded',
  'QuestionUpdated',
] as const;

export const initialSchool = (): School => ({
  people: new Map(),
  byEmail: new Map(),
  perRole: new Map(),
  courses: new Map(),
  assignments: new Map(),
  questions: new Map(),
});

const ROLE_LABELS: Record<string, string> = { student: 'Student', instructor: 'Instructor', admin: 'Admin', analyst: 'Analyst' };
const roleLabel = (role: string) => ROLE_LABELS[role] ?? 'User';

type Data = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Folds one of the school's events into the school's directory (in place: the state is the run's own). */
export function evolveSchool(school: School, event: Pick<RecordedEvent, 'type' | 'data'>): void {
  const d = event.data as Data;
  switch (event.type) {
    case 'UserRegistered': {
      const id = num(d.userId);
      if (school.people.has(id)) return;
      const role = str(d.role);
      const n = (school.perRole.get(role) ?? 0) + 1;
      school.perRole.set(role, n);
      const email = str(d.email);
      school.people.set(id, { role, firstName: str(d.firstName), lastName: str(d.lastName), email, pseudonym: `${roleLabel(role)} ${n}` });
      if (email) school.byEmail.set(email.toLowerCase(), id);
      return;
    }
    case 'UserProfileUpdated': {
      const p = school.people.get(num(d.userId));
      if (p) Object.assign(p, { firstName: str(d.firstName), lastName: str(d.lastName) });
      return;
    }
    case 'UserEmailChanged': {
      const id = num(d.userId);
      const p = school.people.get(id);
      if (p) p.email = str(d.to);
      school.byEmail.set(str(d.to).toLowerCase(), id);
      return;
    }
    case 'CourseCreated':
      school.courses.set(num(d.courseId), { code: str(d.courseCode), name: str(d.courseName) });
      return;
    case 'AssignmentCreated':
      school.assignments.set(num(d.assignmentId), { title: str(d.title), due: str(d.due), courseId: num(d.courseId), deleted: false });
      return;
    case 'AssignmentRenamed': {
      const a = school.assignments.get(num(d.assignmentId));
      if (a) a.title = str(d.title);
      return;
    }
    case 'AssignmentDeleted': {
      const a = school.assignments.get(num(d.assignmentId));
      if (a) a.deleted = true;
      return;
    }
    case 'QuestionAdded':
      school.questions.set(num(d.questionId), {
        assignmentId: num(d.assignmentId),
        number: num(d.questionNumber),
        possible: num(d.marksPossible),
      });
      return;
    case 'QuestionUpdated': {
      const q = school.questions.get(num(d.questionId));
      if (q) q.possible = num(d.marksPossible);
      return;
    }
  }
}

/** How a run names people: by pseudonym unless the school admin lets analysts see names. */
export type Naming = { namesAllowed: boolean };

/** A person's name in a report: "Student 3", or their full name where names are allowed. */
export function personName(school: School, id: number | null, naming: Naming): string {
  if (id === null || !Number.isFinite(id)) return '';
  const p = school.people.get(id);
  if (!p) return `User ${id}`;
  if (!naming.namesAllowed) return p.pseudonym;
  return `${p.firstName} ${p.lastName}`.trim() || p.pseudonym;
}

export const assignmentTitle = (school: School, id: number): string => school.assignments.get(id)?.title ?? `Assignment ${id}`;

export const courseCode = (school: School, assignmentId: number): string => {
  const a = school.assignments.get(assignmentId);
  return (a && school.courses.get(a.courseId)?.code) ?? '';
};
