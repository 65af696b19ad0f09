/** Instructor grading: the Submissions tab and the regrade-after-edit flow of the assignment page (composed in app/routes). */
export { SubmissionsPanel, NO_SUBMISSIONS } from './components/submissions-panel';
export { useRegradeAfterEdit } from './hooks/use-regrade-after-edit';
export { GradingViews } from './by-question/grading-views';
