import { useMemo, useState } from 'react';
import { INSIGHT_CONSTANTS, scoreString, type StudentGradeRecord } from '@evergrade/contracts';
import { breakdownRows, classAverageRow, percentLabel, rubricNames, scoreBand, type Cell } from '../../utils/analytics';
import { NO_GRADED_IN_SCOPE } from './overview-tab';

type Props = {
  ids: readonly number[];
  classRecords: readonly StudentGradeRecord[];
  shown: readonly StudentGradeRecord[];
};

function ScoreCell({ cell, average = false }: { cell: Cell | null; average?: boolean }) {
  if (!cell)
    return (
      <td className="score-cell score-none" title="No graded work">
        —
      </td>
    );
  const band = scoreBand(cell.percent);
  return (
    <td className={`score-cell band-${band}`} data-band={band}>
      {scoreString(cell.score, cell.possible)} <span className="score-percent">({percentLabel(cell.percent, average)})</span>
    </td>
  );
}

const LEGEND = INSIGHT_CONSTANTS.scoreBands.map((b, i, all) => {
  const from = i === 0 ? 0 : all[i - 1]!.below;
  return { colour: b.colour, label: b.below === Infinity ? `${from}% or more` : `${from === 0 ? 'below' : `${from}% to`} ${b.below}%` };
});

/** Breakdown: a rubric multi-select and the grades table (Student, one column per rubric, Total, Class Average row). */
export function BreakdownTab({ ids, classRecords, shown }: Props) {
  const all = useMemo(() => rubricNames(classRecords, ids), [classRecords, ids]);
  const [chosen, setChosen] = useState<string[]>([]);
  const picked = chosen.filter((k) => all.includes(k));
  const columns = picked.length ? all.filter((k) => picked.includes(k)) : all;
  const rows = useMemo(() => breakdownRows(shown, ids, columns), [shown, ids, columns]);
  const average = useMemo(() => classAverageRow(classRecords, ids, columns), [classRecords, ids, columns]);
  const toggle = (k: string) => setChosen(picked.includes(k) ? picked.filter((x) => x !== k) : [...picked, k]);

  if (all.length === 0)
    return (
      <section className="card analytics-breakdown" aria-label="Grades by rubric">
        <p className="analytics-note">{NO_GRADED_IN_SCOPE}</p>
      </section>
    );

  return (
    <section className="card analytics-breakdown" aria-label="Grades by rubric">
      <fieldset className="analytics-rubric-picker">
        <legend className="field-label">Rubrics</legend>
        <label className={`chip-toggle${picked.length === 0 ? ' is-on' : ''}`}>
          <input type="checkbox" checked={picked.length === 0} onChange={() => setChosen([])} />
          All Rubrics
        </label>
        {all.map((k) => (
          <label key={k} className={`chip-toggle${picked.includes(k) ? ' is-on' : ''}`}>
            <input type="checkbox" checked={picked.includes(k)} onChange={() => toggle(k)} />
            {k}
          </label>
        ))}
      </fieldset>
      <div className="table-scroll">
        <table className="table analytics-table analytics-grades" aria-label="Grades table">
          <thead>
            <tr>
              <th scope="col">Student</th>
              {columns.map((k) => (
                <th key={k} scope="col">
                  {k}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.student_id}>
                <th scope="row">{r.name}</th>
                {r.rubrics.map((c, i) => (
                  <ScoreCell key={columns[i]} cell={c} />
                ))}
                <ScoreCell cell={r.total} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="analytics-average-row">
              <th scope="row">Class Average</th>
              {average.rubrics.map((c, i) => (
                <ScoreCell key={columns[i]} cell={c} average />
              ))}
              <ScoreCell cell={average.total} average />
            </tr>
          </tfoot>
        </table>
      </div>
      <ul className="analytics-legend" aria-label="Cell colours">
        {LEGEND.map((l) => (
          <li key={l.colour}>
            <span className={`legend-swatch band-${l.colour}`} aria-hidden="true" />
            {l.label}
          </li>
        ))}
        <li>— no graded work</li>
      </ul>
    </section>
  );
}
