/**
 * The grading accuracy this project measured on its own labelled set of answers (agreement of the grader with
 * the labels, 0-1), shown on /website2 unless the operator sets SITE_GRADING_ACCURACY. Null until the
 * project has such a measurement (issue 14's labelled-set bench records it here); the page then shows none.
 */
export const MEASURED_GRADING_ACCURACY: { accuracy: number; items: number; measuredOn: string } | null = null;
