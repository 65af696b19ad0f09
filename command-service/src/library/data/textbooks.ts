/**
 * The title-only textbooks older builds seeded (no text, nothing to search). The seed no longer adds them and retires
 * any it finds (TextbookRemoved by the system); the shared library's books are now data/books, indexed at seed.
 */
export type LegacyTextbook = { title: string; author?: string; subject: string };

export const LEGACY_TEXTBOOKS: LegacyTextbook[] = [
  { title: 'Prealgebra 2e (OpenStax)', author: 'Lynn Marecek, MaryAnne Anthony-Smith, Andrea Honeycutt Mathis', subject: 'Mathematics' },
  { title: 'Algebra and Trigonometry 2e (OpenStax)', author: 'Jay Abramson', subject: 'Mathematics' },
  { title: 'Calculus Volume 1 (OpenStax)', author: 'Gilbert Strang, Edwin Herman', subject: 'Mathematics' },
  { title: 'College Physics 2e (OpenStax)', author: 'Paul Peter Urone, Roger Hinrichs', subject: 'Physics' },
  { title: 'Chemistry 2e (OpenStax)', author: 'Paul Flowers, Klaus Theopold, Richard Langley, William R. Robinson', subject: 'Chemistry' },
  { title: 'Biology 2e (OpenStax)', author: 'Mary Ann Clark, Matthew Douglas, Jung Choi', subject: 'Biology' },
  { title: 'Concepts of Biology (OpenStax)', author: 'Samantha Fowler, Rebecca Roush, James Wise', subject: 'Biology' },
  { title: 'Writing Guide with Handbook (OpenStax)', author: 'Michelle Bachelor Robinson, Maria Jerskey', subject: 'English' },
  { title: 'U.S. History (OpenStax)', author: 'P. Scott Corbett, Volker Janssen, John M. Lund, Todd Pfannestiel, Paul Vickery, Sylvie Waskiewicz', subject: 'History' },
  { title: 'Think Python 2e', author: 'Allen B. Downey', subject: 'Computer Science' },
];
