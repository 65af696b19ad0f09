import { QueryBoundary } from '../../../components/query-boundary';
import { XIcon } from '../../../components/icons';
import { useAuditFilters } from '../api/get-audit-filters';
import { useAuditParams } from '../hooks/use-audit-params';
import { AuditEvents } from './audit-events';
import { GradeBookAsOf } from './grade-book-as-of';
import { GradeHistory } from '../../../components/grade-history/grade-history';
import '../audit.css';

/** The school admin's audit of every grade: search grade events, a response's chain, the grade book as of an instant. */
export function AuditPage() {
  const p = useAuditParams();
  const options = useAuditFilters();
  const openBookAt = (asOf: string, assignmentId: number) => p.update({ tab: 'book', as_of: asOf, assignment_id: assignmentId });
  return (
    <div className="page audit-page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Grade audit</h2>
          <p className="text-muted">
            Every grade is a chain of recorded events: who or what set each value, when, and why. Nothing here can be changed.
          </p>
        </div>
      </div>
      <div className="segmented segmented-inline" role="tablist" aria-label="Audit views">
        <button
          type="button"
          role="tab"
          className="segmented-option"
          aria-selected={p.tab === 'events'}
          aria-pressed={p.tab === 'events'}
          onClick={() => p.update({ tab: undefined })}
        >
          Grade events
        </button>
        <button
          type="button"
          role="tab"
          className="segmented-option"
          aria-selected={p.tab === 'book'}
          aria-pressed={p.tab === 'book'}
          onClick={() => p.update({ tab: 'book', as_of: p.asOf ?? new Date().toISOString() })}
        >
          Grade book as of
        </button>
      </div>
      <QueryBoundary query={options} label="the audit filters">
        {(o) => (
          <div className={`audit-layout${p.responseId !== undefined ? ' has-panel' : ''}`}>
            <div className="audit-main">
              {p.tab === 'events' ? (
                <AuditEvents
                  options={o}
                  filters={p.filters}
                  selected={p.responseId}
                  onFilter={p.update}
                  onOpen={(id) => p.update({ response_id: id })}
                />
              ) : (
                <GradeBookAsOf
                  options={o}
                  assignmentId={p.assignmentId}
                  asOf={p.asOf}
                  onChange={p.update}
                  onOpen={(id) => p.update({ response_id: id })}
                />
              )}
            </div>
            {p.responseId !== undefined && (
              <aside className="card audit-panel" aria-label="Grade history">
                <div className="audit-panel-head">
                  <h3 className="card-title">Grade history</h3>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label="Close the grade history"
                    onClick={() => p.update({ response_id: undefined })}
                  >
                    <XIcon width={16} height={16} />
                  </button>
                </div>
                <GradeHistory key={p.responseId} responseId={p.responseId} scope="admin" onBookBefore={openBookAt} />
              </aside>
            )}
          </div>
        )}
      </QueryBoundary>
    </div>
  );
}
