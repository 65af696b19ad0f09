import { ComingSoon } from '../../../components/coming-soon';

export function InstructorCoursesRoute() {
  return (
    <ComingSoon
      title="Courses and course analytics are coming soon"
      points={['Every course you teach, with its students and assignments', 'Grade distribution from Novice to Proficient', 'Rubric-by-rubric strengths per student']}
    >
      Your school administrator already assigns you to courses and enrols their students. The course pages that show them, with grades and analytics, arrive in a coming release.
    </ComingSoon>
  );
}

export function InstructorChatRoute() {
  return (
    <ComingSoon
      title="The instructor assistant is coming soon"
      points={['Ask about a class\u2019s results in plain language', 'Draft feedback and questions from your own materials']}
    >
      A chat assistant that knows your courses and your students' work is on its way.
    </ComingSoon>
  );
}
