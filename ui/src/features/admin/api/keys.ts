/** The admin's read models; live `directory` notices and every admin command invalidate under ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  school: ['admin', 'school'] as const,
  courses: ['admin', 'courses'] as const,
  users: ['admin', 'users'] as const,
  problemReports: ['admin', 'problem-reports'] as const,
};
