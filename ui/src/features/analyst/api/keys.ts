/** The analyst's reads. Report runs are not cached: each one replays the log afresh. */
export const analystKeys = {
  all: ['analyst'] as const,
  reports: ['analyst', 'reports'] as const,
};
