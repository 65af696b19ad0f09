import { INSIGHT_CONSTANTS, INSIGHT_MESSAGES, type AssignmentStats, type ItemAnalysis } from '@evergrade/contracts';
import { FlagIcon } from '../../../components/icons';
import { discriminationText, discriminationWord, facilityText, facilityWord, FLAG_TEXT, marks2 } from '../utils/item-analysis';

const NOT_ENOUGH = 'Not enough data';

function Facility({ item }: { item: ItemAnalysis }) {
  if (item.facility == null) return <span className="text-muted">{NOT_ENOUGH}</span>;
  return (
    <>
      <span className="ins-num">{facilityText(item.facility)}</span> <span className="ins-word">{facilityWord(item.facility)}</span>
    </>
  );
}

function Discrimination({ item }: { item: ItemAnalysis }) {
  if (item.discrimination == null) return <span className="text-muted">{NOT_ENOUGH}</span>;
  return (
    <>
      <span className="ins-num">{discriminationText(item.discrimination)}</span>{' '}
      <span className="ins-word">{discriminationWord(item.discrimination)}</span>
    </>
  );
}

/** Per question: facility, discrimination, full marks and mean, flagged questions marked; what each figure means below. */
export function ItemAnalysisTable({ stats }: { stats: AssignmentStats }) {
  const items = stats.item_analysis;
  const flagged = items.filter((i) => i.flag).length;
  return (
    <section className="ins-items" aria-labelledby="ins-items-title" data-testid="item-analysis">
      <h4 id="ins-items-title" className="ins-section-title">
        Item analysis
        {flagged > 0 && (
          <span className="badge badge-warning">
            {flagged} flagged {flagged === 1 ? 'question' : 'questions'}
          </span>
        )}
      </h4>
      {stats.item_analysis_unreliable && (
        <p className="ins-note" role="note" data-testid="item-analysis-unreliable">
          Only {stats.graded} graded {stats.graded === 1 ? 'submission' : 'submissions'} so far: with fewer than{' '}
          {INSIGHT_CONSTANTS.itemAnalysisMinStudents} students one answer can swing these figures a lot, so read them as a rough guide.
        </p>
      )}
      <div className="table-scroll">
        <table className="table ins-items-table ins-stack">
          <caption className="visually-hidden">Facility and discrimination of each question</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Facility</th>
              <th scope="col">Discrimination</th>
              <th scope="col">Full marks</th>
              <th scope="col">Mean score</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.question_id} className={item.flag ? 'ins-flagged' : undefined} data-testid={`item-${item.question_number}`}>
                <th scope="row" data-label="Question">
                  Q{item.question_number}
                  {item.flag && (
                    <span className="ins-flag" data-testid="item-flag">
                      <FlagIcon width={13} height={13} aria-hidden="true" /> Flagged: {INSIGHT_MESSAGES.flaggedItem}
                      <span className="ins-flag-why">{FLAG_TEXT[item.flag]}.</span>
                    </span>
                  )}
                </th>
                <td data-label="Facility">
                  <span>
                    <Facility item={item} />
                  </span>
                </td>
                <td data-label="Discrimination">
                  <span>
                    <Discrimination item={item} />
                  </span>
                </td>
                <td data-label="Full marks">
                  <span>
                    <span className="ins-num">{item.full_marks}</span> of {item.attempts}
                  </span>
                </td>
                <td data-label="Mean score">
                  <span>
                    {item.mean_score == null ? '—' : <span className="ins-num">{marks2(item.mean_score)}</span>} /{' '}
                    {marks2(item.marks_possible)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ins-explain" data-testid="item-analysis-explained">
        <div>
          <dt>Facility</dt>
          <dd>
            The share of the question&apos;s marks the class earned on average. High (85% or more) means most students managed it; low
            (under 70%) means it was hard for them.
          </dd>
        </div>
        <div>
          <dt>Discrimination</dt>
          <dd>
            Whether students who did well on the rest of the assignment also did well on this question, from −1 to 1. 0.30 or more separates
            stronger from weaker students well. Near zero or negative, the question may have a wrong answer key or unclear wording, so it is
            flagged.
          </dd>
        </div>
      </dl>
    </section>
  );
}
