import { ComingSoon } from '../../../components/coming-soon';

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
