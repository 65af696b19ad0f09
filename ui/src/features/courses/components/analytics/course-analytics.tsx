import { useMemo, useState } from 'react';
import { INSIGHT_MESSAGES } from '@evergrade/contracts';
import { EmptyState } from '../../../../components/empty-state';
import { AlertIcon } from '../../../../components/icons';
import { ListTabs } from '../../../../components/list-tabs';
import { Spinner } from '../../../../components/spinner';
import { useCourseGrades } from '../../api/get-course-grades';
import { useCourseItemAnalysis } from '../../api/get-course-item-analysis';
import { hasGradedWork } from '../../utils/analytics';
import { assignmentsInScope, NO_FILTERS, studentsInScope, type CourseAssignment } from '../../utils/analytics-filters';
import { BreakdownTab } from './breakdown-tab';
import { FiltersBar } from './filters-bar';
import { ItemAnalysisCard } from './item-analysis';
import { OverviewTab } from './overview-tab';
import './course-analytics.css';

const TABS = ['Overview', 'Breakdown'] as const;
type Tab = (typeof TABS)[number];

export const GRADES_LOAD_FAILED = "We couldn't load this course's grades";

type Props = {
  courseCode: string;
  /** The course's published assignments (titles and due dates); undefined while they load. */
  assignments: readonly CourseAssignment[] | undefined;
  assignmentsFailed: boolean;
  onRetryAssignments: () => void;
};

/** Course analytics (spec document 3, course page): global filters, then the Overview and Breakdown tabs. */
export function CourseAnalytics({ courseCode, assignments, assignmentsFailed, onRetryAssignments }: Props) {
  const grades = useCourseGrades(courseCode);
  const items = useCourseItemAnalysis(courseCode);
  const [tab, setTab] = useState<Tab>('Overview');
  const [filters, setFilters] = useState(NO_FILTERS);

  const records = useMemo(() => grades.data ?? [], [grades.data]);
  const list = useMemo(() => assignments ?? [], [assignments]);
  const allIds = useMemo(() => list.map((a) => a.assignment_id), [list]);
  const scope = useMemo(() => assignmentsInScope(list, filters), [list, filters]);
  const ids = useMemo(() => scope.map((a) => a.assignment_id), [scope]);
  const shown = useMemo(() => studentsInScope(records, filters), [records, filters]);
  const scopedItems = useMemo(() => items.data && items.data.filter((a) => ids.includes(a.assignment_id)), [items.data, ids]);

  let body: React.ReactNode;
  if (grades.isPending || (!assignments && !assignmentsFailed)) body = <Spinner label="Loading course analytics" />;
  else if (grades.isError || assignmentsFailed)
    body = (
      <EmptyState title={GRADES_LOAD_FAILED} icon={<AlertIcon width={28} height={28} />}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            if (grades.isError) void grades.refetch();
            if (assignmentsFailed) onRetryAssignments();
          }}
        >
          Try again
        </button>
      </EmptyState>
    );
  else if (!hasGradedWork(records, allIds)) body = <EmptyState title={INSIGHT_MESSAGES.noCourseGrades} />;

  return (
    <section className="course-analytics" aria-label="Course analytics" data-testid="course-analytics">
      {body ?? (
        <>
          <FiltersBar assignments={list} records={records} value={filters} onChange={setFilters} />
          <ListTabs tabs={TABS} selected={tab} counts={{}} onSelect={setTab} idPrefix="course-analytics" label="Course analytics" />
          <div role="tabpanel" id="course-analytics-panel" aria-labelledby={`course-analytics-tab-${tab}`} className="analytics-panel">
            {shown.length === 0 ? (
              <div className="card">
                <EmptyState title={INSIGHT_MESSAGES.noStudentsMatch} />
              </div>
            ) : tab === 'Overview' ? (
              <OverviewTab
                assignments={scope}
                classRecords={records}
                shown={shown}
                selectedStudentId={filters.studentId}
                itemAnalysis={<ItemAnalysisCard data={scopedItems} failed={items.isError} onRetry={() => void items.refetch()} />}
              />
            ) : (
              <BreakdownTab ids={ids} classRecords={records} shown={shown} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
