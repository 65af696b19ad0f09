/** Spec document 3 sections 4 and 9. */
export const REDIRECT_AFTER_CREATE_MS = 1000;
export const REDIRECT_AFTER_PROCESSING_MS = 1000;
export const PDF_FRAME_TIMEOUT_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 800;
export const SKELETON_CARDS = 6;
/** Filter maximum when there are no results. */
export const DEFAULT_MARKS_MAX = 20;
