/** Where the report-a-problem icon leads; a deployment can point it at its own form. */
export const FEEDBACK_FORM_URL: string =
  import.meta.env.VITE_FEEDBACK_FORM_URL ?? 'mailto:support@evergrade.app?subject=Evergrade%20problem%20report';
