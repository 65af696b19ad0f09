import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { handleDialogKeys } from '../../../components/dialog';
import { XIcon } from '../../../components/icons';
import { ListTabs } from '../../../components/list-tabs';
import { watchAssignment } from '../../../lib/socket';
import { useSummaryModal, type SummaryTab } from '../../../stores/summary-modal';
import { ClasswideSummary } from './classwide-summary';
import { IndividualSummary } from './individual-summary';
import '../insights.css';

const TABS = ['Individual Summary', 'Classwide Summary'] as const;
type TabName = (typeof TABS)[number];
const NAME_OF: Record<SummaryTab, TabName> = { individual: 'Individual Summary', classwide: 'Classwide Summary' };
const TAB_OF: Record<TabName, SummaryTab> = { 'Individual Summary': 'individual', 'Classwide Summary': 'classwide' };

type Props = {
  assignmentId: number;
  title: string;
  courseCode?: string;
  tab: SummaryTab;
  onTab: (tab: SummaryTab) => void;
  onClose: () => void;
};

/** The student summary modal: Individual (table by rubric category, search, CSV) and Classwide (performance, overview). */
export function StudentSummaryModal({ assignmentId, title, courseCode, tab, onTab, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const prefix = useId().replace(/:/g, '');
  useEffect(() => watchAssignment(assignmentId), [assignmentId]);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    return () => previous?.focus?.();
  }, []);

  return createPortal(
    <div className="modal-overlay ins-modal-overlay">
      <div
        ref={ref}
        className="ins-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => handleDialogKeys(e, ref.current, onClose)}
        data-testid="summary-modal"
      >
        <header className="ins-modal-head">
          <div className="ins-modal-heading">
            <h2 id={titleId} className="ins-modal-title">
              Student insights
            </h2>
            <p className="text-muted ins-modal-sub">{title}</p>
          </div>
          <button type="button" className="icon-button ins-modal-close" aria-label="Close" onClick={onClose}>
            <XIcon width={18} height={18} />
          </button>
        </header>
        <ListTabs tabs={TABS} selected={NAME_OF[tab]} counts={{}} onSelect={(t) => onTab(TAB_OF[t])} idPrefix={prefix} label="Summary" />
        <div className="ins-modal-body" id={`${prefix}-panel`} role="tabpanel" aria-label={NAME_OF[tab]}>
          {tab === 'individual' ? (
            <IndividualSummary assignmentId={assignmentId} title={title} />
          ) : (
            <ClasswideSummary assignmentId={assignmentId} courseCode={courseCode} />
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Draws the modal while the shared store says it is open for this assignment (the Summary menu or the overview open it). */
export function SummaryModalHost({ assignmentId, title, courseCode }: { assignmentId: number; title: string; courseCode?: string }) {
  const open = useSummaryModal((s) => s.open);
  const openSummary = useSummaryModal((s) => s.openSummary);
  const close = useSummaryModal((s) => s.closeSummary);
  // Leaving the page closes it: coming back must not find it open.
  useEffect(() => () => useSummaryModal.getState().closeSummary(), []);
  if (!open || open.assignmentId !== assignmentId) return null;
  return (
    <StudentSummaryModal
      assignmentId={assignmentId}
      title={title}
      courseCode={courseCode}
      tab={open.tab}
      onTab={(t) => openSummary(assignmentId, t)}
      onClose={close}
    />
  );
}
