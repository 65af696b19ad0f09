import { useState } from 'react';
import { useLocation } from 'react-router';
import { ListTabs } from '../../../components/list-tabs';
import { MarkingPolicyPanel } from '../components/marking-policy-panel';
import { RegradeQueue } from '../components/regrade-queue';
import { SubmissionsPanel } from '../components/submissions-panel';
import { useRegradeQueue } from '../../../api/regrade-requests';
import { GradeByQuestion } from './grade-by-question';

const VIEWS = ['By student', 'By question', 'Regrade requests', 'Marking policy'] as const;
type View = (typeof VIEWS)[number];

/** The Submissions tab's two ways to grade: one student at a time, or one question at a time by answer groups. */
export function GradingViews({ assignmentId, courseCode }: { assignmentId: number; courseCode: string }) {
  const location = useLocation();
  const [view, setView] = useState<View>(() =>
    location.hash === '#regrade-requests' ? 'Regrade requests' : location.hash === '#marking-policy' ? 'Marking policy' : 'By student',
  );
  const regrades = useRegradeQueue(assignmentId);
  const openRequests = regrades.data?.requests.filter((r) => r.status === 'open').length;
  return (
    <div className="bq-views">
      <ListTabs
        tabs={VIEWS}
        selected={view}
        counts={openRequests ? { 'Regrade requests': openRequests } : {}}
        onSelect={setView}
        idPrefix="grading-view"
        label="Grading view"
      />
      <div id="grading-view-panel" role="tabpanel" aria-labelledby={`grading-view-tab-${view}`}>
        {view === 'By student' ? (
          <SubmissionsPanel assignmentId={assignmentId} courseCode={courseCode} />
        ) : view === 'By question' ? (
          <GradeByQuestion assignmentId={assignmentId} />
        ) : view === 'Regrade requests' ? (
          <RegradeQueue assignmentId={assignmentId} />
        ) : (
          <MarkingPolicyPanel assignmentId={assignmentId} />
        )}
      </div>
    </div>
  );
}
