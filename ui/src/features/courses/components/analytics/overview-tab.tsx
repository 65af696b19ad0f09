import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import type { StudentGradeRecord } from '@evergrade/contracts';
import { formatDate } from '../../../../lib/format';
import {
  courseStats,
  difficultyRows,
  gradeDistribution,
  percent1,
  performanceTrend,
  radarData,
  rubricNames,
  scoreLabel,
  showDifficulty,
  type Difficulty,
} from '../../utils/analytics';
import { distributionOption, RADAR_MIN_AXES, rubricOption, trendOption, type AnalyticsPalette } from '../../utils/analytics-chart-options';
import type { CourseAssignment } from '../../utils/analytics-filters';
import { Chart } from './chart';

type Props = {
  /** The assignments in scope (month and assignment filters), by due date. */
  assignments: readonly CourseAssignment[];
  /** The whole class (class figures) and the students the student filter and search leave. */
  classRecords: readonly StudentGradeRecord[];
  shown: readonly StudentGradeRecord[];
  selectedStudentId: number | null;
  itemAnalysis: ReactNode;
};

export const NO_GRADED_IN_SCOPE = 'No graded work in the chosen assignments yet.';
export const TREND_NEEDS_TWO = 'A trend needs two graded assignments: this one is shown as a point.';

function Card({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  const id = useId();
  return (
    <section className={`card analytics-card${wide ? ' analytics-card-wide' : ''}`} aria-labelledby={id} data-testid={testId}>
      <h3 className="analytics-card-title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

const Note = ({ children }: { children: ReactNode }) => <p className="analytics-note">{children}</p>;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const DIFFICULTY_BADGE: Record<Difficulty, string> = { Easy: 'badge-success', Medium: 'badge-warning', Hard: 'badge-danger' };

export function OverviewTab({ assignments, classRecords, shown, selectedStudentId, itemAnalysis }: Props) {
  const ids = useMemo(() => assignments.map((a) => a.assignment_id), [assignments]);
  const stats = useMemo(() => courseStats(classRecords, ids), [classRecords, ids]);
  const rubrics = useMemo(() => rubricNames(classRecords, ids), [classRecords, ids]);
  const [rubric, setRubric] = useState('');
  const of = rubric && rubrics.includes(rubric) ? rubric : '';
  const buckets = useMemo(() => gradeDistribution(shown, ids, of || null), [shown, ids, of]);
  const counted = buckets.reduce((s, b) => s + b.count, 0);
  const trend = useMemo(() => performanceTrend(classRecords, assignments), [classRecords, assignments]);
  const radar = useMemo(() => radarData(classRecords, shown, ids, selectedStudentId), [classRecords, shown, ids, selectedStudentId]);
  const difficulty = useMemo(() => difficultyRows(classRecords, assignments), [classRecords, assignments]);
  const rubricSelectId = useId();

  const ofLabel = of ? `the ${of} rubric` : 'total scores';
  const distribution = useCallback((p: AnalyticsPalette, w: number) => distributionOption(buckets, ofLabel, p, w), [buckets, ofLabel]);
  const trendChart = useCallback((p: AnalyticsPalette) => trendOption(trend, p), [trend]);
  const rubricChart = useCallback((p: AnalyticsPalette, w: number) => rubricOption(radar, p, w), [radar]);
  const ungraded = assignments.length - trend.length;

  return (
    <div className="analytics-grid">
      <Card title="Class statistics" wide testId="stats-card">
        <dl className="analytics-stats">
          <div>
            <dt>Assignments</dt>
            <dd>{stats.assignments}</dd>
          </div>
          <div>
            <dt>Class average</dt>
            <dd>{stats.average == null ? '—' : percent1(stats.average)}</dd>
          </div>
          <div>
            <dt>Highest</dt>
            <dd>{stats.highest == null ? '—' : percent1(stats.highest)}</dd>
          </div>
          <div>
            <dt>Lowest</dt>
            <dd>{stats.lowest == null ? '—' : percent1(stats.lowest)}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Grade distribution" testId="distribution-card">
        <label className="analytics-inline-field" htmlFor={rubricSelectId}>
          <span>Rubric</span>
          <select id={rubricSelectId} className="input" value={of} onChange={(e) => setRubric(e.target.value)}>
            <option value="">All rubrics (total score)</option>
            {rubrics.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        {counted === 0 ? (
          <Note>{NO_GRADED_IN_SCOPE}</Note>
        ) : (
          <>
            <Chart build={distribution} label={`Grade distribution of ${ofLabel}`} testId="chart-distribution" />
            <Note>
              {plural(counted, 'student')} with graded work, by level of {ofLabel}.
            </Note>
          </>
        )}
      </Card>

      <Card title="Rubric categories" testId="rubric-card">
        {radar.rubrics.length === 0 ? (
          <Note>{NO_GRADED_IN_SCOPE}</Note>
        ) : (
          <>
            <Chart build={rubricChart} label="Class average per rubric category against a student" testId="chart-rubrics" />
            <Note>
              {radar.student
                ? `Class average against ${radar.student.selected ? 'the selected student' : 'the top student'}, ${radar.student.name}.`
                : 'No student shown has graded work: only the class average is drawn.'}
              {radar.rubrics.length < RADAR_MIN_AXES &&
                ` A radar needs ${RADAR_MIN_AXES} rubric categories; with ${radar.rubrics.length} they are shown as bars.`}
            </Note>
          </>
        )}
      </Card>

      <Card title="Performance trend" wide testId="trend-card">
        {trend.length === 0 ? (
          <Note>{NO_GRADED_IN_SCOPE}</Note>
        ) : (
          <>
            <Chart build={trendChart} label="Class average per assignment by due date" testId="chart-trend" height={260} />
            {trend.length === 1 && <Note>{TREND_NEEDS_TWO}</Note>}
            {ungraded > 0 && <Note>{plural(ungraded, 'assignment')} without graded work not shown.</Note>}
          </>
        )}
      </Card>

      {showDifficulty(difficulty) && (
        <Card title="Assignment Difficulty" wide testId="difficulty-card">
          <div className="table-scroll">
            <table className="table table-compact analytics-table analytics-difficulty">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col" className="col-optional">
                    Due date
                  </th>
                  <th scope="col">Average score</th>
                  <th scope="col">Difficulty</th>
                </tr>
              </thead>
              <tbody>
                {difficulty.map((r) => (
                  <tr key={r.assignment_id}>
                    <th scope="row">
                      {r.title}
                      <span className="cell-sub">Due {formatDate(r.due_date)}</span>
                    </th>
                    <td className="col-optional">{formatDate(r.due_date)}</td>
                    <td>{r.average ? scoreLabel(r.average, true) : <span className="text-muted">Not graded yet</span>}</td>
                    <td>{r.difficulty ? <span className={`badge ${DIFFICULTY_BADGE[r.difficulty]}`}>{r.difficulty}</span> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}

      {itemAnalysis}
    </div>
  );
}
