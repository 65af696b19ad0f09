/** Spec: the colour bar follows the letter prefix of the course code; any other prefix is grey. */
export const COURSE_COLOURS = {
  CS: 'green',
  MATH: 'blue',
  PHY: 'purple',
  CHEM: 'red',
  BIO: 'green',
  ENG: 'orange',
  HIST: 'brown',
} as const;

export type CourseColour = (typeof COURSE_COLOURS)[keyof typeof COURSE_COLOURS] | 'grey';

/** The colour for a course code: 'MATH10' → blue, 'PHYS10' → purple (PHY prefix), 'ART1' → grey. */
export function courseColour(code: string): CourseColour {
  const letters = /^[A-Za-z]+/.exec(code)?.[0]?.toUpperCase() ?? '';
  // Longest known prefix of the letters wins (PHYS → PHY).
  const match = (Object.keys(COURSE_COLOURS) as (keyof typeof COURSE_COLOURS)[])
    .filter((p) => letters.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return match ? COURSE_COLOURS[match] : 'grey';
}

/** Query fields the card hands to the course page (spec: courseName, courseClass, studentCount, assignmentCount). */
export function courseHref(c: {
  course_code: string;
  course_name: string;
  course_class: string;
  student_count: number;
  assignment_count: number;
}): string {
  const q = new URLSearchParams({
    courseName: c.course_name,
    courseClass: c.course_class,
    studentCount: String(c.student_count),
    assignmentCount: String(c.assignment_count),
  });
  return `/instructor/courses/${encodeURIComponent(c.course_code)}?${q.toString()}`;
}
