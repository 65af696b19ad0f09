import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StudentAssignments } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { AlertIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useGradeStats } from '../api/get-grade-stats';
import {
  gradePerAssignmentOption,
  gradesOverTimeOption,
  statusCounts,
  statusDoughnutOption,
  subjectAveragesOption,
} from '../utils/chart-options';
import { useChartPalette } from '../utils/palette';
import { EChart } from './echart';
import '../charts.css';

const NO_GRADES = 'No graded work yet';
const NO_GRADES_TEXT = 'These charts fill in as your instructors grade your work.';

function Card({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <section className={`card chart-card${wide ? ' chart-card-wide' : ''}`} aria-label={title}>
      <h3 className="chart-title">{title}</h3>
      {children}
    </section>
  );
}

/** The student's dashboard (the logo's target): assignment status and grade charts. */
export function StudentDashboard({ assignments, loading }: { assignments: StudentAssignments | undefined; loading: boolean }) {
  const palette = useChartPalette();
  const navigate = useNavigate();
  const stats = useGradeStats();
  const list = useMemo(() => Object.values(assignments ?? {}), [assignments]);
  const doughnut = useMemo(() => statusDoughnutOption(statusCounts(list.map((a) => a.status)), palette), [list, palette]);
  const graded = useMemo(() => stats.data?.assignments ?? [], [stats.data]);
  const line = useMemo(() => gradesOverTimeOption(graded, palette), [graded, palette]);
  const bar = useCallback((width: number) => gradePerAssignmentOption(graded, palette, width), [graded, palette]);
  const subjects = useCallback((width: number) => subjectAveragesOption(stats.data?.subjects ?? [], palette, width), [stats.data, palette]);

  const gradeChart = (content: React.ReactNode) => {
    if (stats.isPending) return <Spinner label="Loading grades" />;
    if (stats.isError)
      return (
        <EmptyState title="We couldn't load your grades" icon={<AlertIcon width={28} height={28} />}>
          <button type="button" className="button button-secondary" onClick={() => void stats.refetch()}>
            Try again
          </button>
        </EmptyState>
      );
    if (graded.length === 0) return <EmptyState title={NO_GRADES}>{NO_GRADES_TEXT}</EmptyState>;
    return content;
  };

  return (
    <div className="chart-grid">
      <Card title="Assignments Status">
        {loading ? (
          <Spinner label="Loading assignments" />
        ) : list.length === 0 ? (
          <EmptyState title="No assignments yet">When your instructors publish work, it shows up here.</EmptyState>
        ) : (
          <>
            <EChart
              option={doughnut}
              label={`Assignments Status: ${list.length} assignments`}
              testId="chart-status"
              onItemClick={(status) => navigate(`/student/assignments?selectedFilters=${encodeURIComponent(status)}`)}
            />
            <p className="chart-note">Pick a slice to see those assignments.</p>
          </>
        )}
      </Card>
      <Card title="Subject averages">
        {gradeChart(<EChart option={subjects} label="Your average per subject against the class average" testId="chart-subjects" />)}
      </Card>
      <Card title="Grades over time" wide>
        {gradeChart(<EChart option={line} label="Grade percent of each graded assignment by due date" testId="chart-over-time" />)}
      </Card>
      <Card title="Grade per assignment" wide>
        {gradeChart(
          <>
            <EChart option={bar} label="Grade percent per graded assignment" testId="chart-per-assignment" />
            <p className="chart-note">
              <Link to="/student/assignments?selectedFilters=Graded">See graded assignments</Link>
            </p>
          </>,
        )}
      </Card>
    </div>
  );
}
