/** Instructor grading: the Submissions tab and the regrade-after-edit flow of the assignment page. */
export { SubmissionsPanel, NO_SUBMISSIONS } from './components/submissions-panel';
export { RegradeWarningDialog, REGRADE_WARNING } from './components/regrade-warning';
export { useRegradeAfterEdit } from './hooks/use-regrade-after-edit';
