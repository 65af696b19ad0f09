import { create } from 'zustand';

export type SummaryTab = 'individual' | 'classwide';

type SummaryModalState = {
  /** The assignment whose student summary modal is open, and on which tab; null when closed. */
  open: { assignmentId: number; tab: SummaryTab } | null;
  openSummary: (assignmentId: number, tab: SummaryTab) => void;
  closeSummary: () => void;
};

/**
 * UI state shared by the grading screen's Summary menu (which opens the modal) and the insights feature
 * (which draws it, composed into the assignment page by app/): no server data lives here.
 */
export const useSummaryModal = create<SummaryModalState>()((set) => ({
  open: null,
  openSummary: (assignmentId, tab) => set({ open: { assignmentId, tab } }),
  closeSummary: () => set({ open: null }),
}));
