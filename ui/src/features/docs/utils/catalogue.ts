/** The docs index (spec section 2): one entry per static file under public/docs/{id}.html. */
export type DocEntry = { id: string; title: string; description: string; status: string };

export const DOCS: DocEntry[] = [
  {
    id: 'instructor-manual',
    title: 'Instructor Reference Manual',
    description: 'complete reference guide for instructors',
    status: 'Available',
  },
];
