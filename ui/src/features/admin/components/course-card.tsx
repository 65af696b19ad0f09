import type { AdminCourse, AdminUser } from '@evergrade/contracts';
import { XIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';
import { MemberPicker } from './member-picker';

type Person = AdminCourse['instructors'][number];

function People({ people, label, onRemove, busy }: { people: Person[]; label: string; onRemove: (p: Person) => void; busy: boolean }) {
  if (people.length === 0) return <p className="empty-inline">None yet.</p>;
  return (
    <ul className="chip-list" aria-label={label}>
      {people.map((p) => (
        <li key={p.user_id} className="chip chip-removable" title={p.email}>
          {p.name}
          <button type="button" className="chip-remove" aria-label={`Remove ${p.name}`} disabled={busy} onClick={() => onRemove(p)}>
            <XIcon width={14} height={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One course with its instructors and students, and pickers to change them. */
export function CourseCard({ course, users }: { course: AdminCourse; users: AdminUser[] }) {
  const assign = useAdminCommand('assignInstructor');
  const unassign = useAdminCommand('unassignInstructor');
  const enroll = useAdminCommand('enrollStudent');
  const unenroll = useAdminCommand('unenrollStudent');
  const onError = (err: unknown) => toast.error(errorText(err));
  const ids = (people: Person[]) => new Set(people.map((p) => p.user_id));
  const teaching = ids(course.instructors);
  const enrolled = ids(course.students);
  const instructors = users.filter((u) => u.role === 'instructor' && !teaching.has(u.user_id));
  // Students of the course's grade first: they are the likely ones.
  const students = users
    .filter((u) => u.role === 'student' && !enrolled.has(u.user_id))
    .sort((a, b) => Number(b.class === course.course_class) - Number(a.class === course.course_class));
  const ref = { course_id: course.course_id };

  return (
    <article className="card course-card" data-testid={`course-${course.course_code}`}>
      <header className="course-head">
        <div>
          <p className="course-code mono">{course.course_code}</p>
          <h3 className="card-title">{course.course_name}</h3>
        </div>
        <div className="chip-row">
          <span className="chip">Grade {course.course_class}</span>
          <span className="chip">{course.subject}</span>
        </div>
      </header>
      <div className="course-columns">
        <section>
          <h4 className="section-label">
            Instructors <span className="count">{course.instructors.length}</span>
          </h4>
          <People
            people={course.instructors}
            label={`Instructors of ${course.course_code}`}
            busy={unassign.isPending}
            onRemove={(p) => unassign.mutate({ ...ref, instructor_id: p.user_id }, { onError })}
          />
          <MemberPicker
            label="Choose an instructor"
            action="Assign"
            busy={assign.isPending}
            candidates={instructors}
            emptyText="Every instructor already teaches this course."
            onPick={(id) => assign.mutate({ ...ref, instructor_id: id }, { onError })}
          />
        </section>
        <section>
          <h4 className="section-label">
            Students <span className="count">{course.students.length}</span>
          </h4>
          <People
            people={course.students}
            label={`Students of ${course.course_code}`}
            busy={unenroll.isPending}
            onRemove={(p) => unenroll.mutate({ ...ref, student_id: p.user_id }, { onError })}
          />
          <MemberPicker
            label="Choose a student"
            action="Enrol"
            busy={enroll.isPending}
            candidates={students}
            emptyText="Every student is already enrolled."
            onPick={(id) => enroll.mutate({ ...ref, student_id: id }, { onError })}
          />
        </section>
      </div>
    </article>
  );
}
