/** Documents turned into questions: URL validation and the streamed marking-scheme processing. */
export const documentRoutes = {} as const;
