/**
 * The textbook list's keys. `all` is the shared list's key (ui/src/api/list-textbooks.ts), which the
 * `textbooks` notices invalidate; the management page reads under it, so one notice refreshes both.
 */
export const textbookKeys = {
  all: ['textbooks'] as const,
  manage: () => ['textbooks', 'manage'] as const,
};
