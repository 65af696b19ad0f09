/** Assignment insights: the grading overview's statistics and item analysis, the student summary modal (composed in app/routes). */
export { GradingOverview } from './components/grading-overview';
export { SummaryModalHost } from './components/summary-modal';
export { assignmentInsightKeys } from './api/keys';
