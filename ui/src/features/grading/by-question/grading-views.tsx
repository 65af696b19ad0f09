import { useState } from 'react';
import { ListTabs } from '../../../components/list-tabs';
import { SubmissionsPanel } from '../components/submissions-panel';
import { GradeByQuestion } from './grade-by-question';

const VIEWS = ['By student', 'By question'] as const;
type View = (typeof VIEWS)[number];

/** The Submissions tab's two ways to grade: one student at a time, or one question at a time by answer groups. */
export function GradingViews({ assignmentId, courseCode }: { assignmentId: number; courseCode: string }) {
  const [view, setView] = useState<View>('By student');
  return (
    <div className="bq-views">
      <ListTabs tabs={VIEWS} selected={view} counts={{}} onSelect={setView} idPrefix="grading-view" label="Grading view" />
      <div id="grading-view-panel" role="tabpanel" aria-labelledby={`grading-view-tab-${view}`}>
        {view === 'By student' ? (
          <SubmissionsPanel assignmentId={assignmentId} courseCode={courseCode} />
        ) : (
          <GradeByQuestion assignmentId={assignmentId} />
        )}
      </div>
    </div>
  );
}
