/** Rubrics, the question library (Smart Builder), textbooks and AI Express generation. */
export const libraryRoutes = {} as const;
