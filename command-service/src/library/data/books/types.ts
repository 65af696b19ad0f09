/** A short original textbook the demo school ships (issue 13): generated as a PDF at seed, then indexed like an upload. */
export type BookSection = {
  /** Numbered, e.g. "2.1 Newton's Second Law"; printed on one line, so the page it starts on can be found. */
  heading: string;
  paragraphs: readonly string[];
};

export type BookChapter = { title: string; sections: readonly BookSection[] };

export type SeedBook = {
  title: string;
  subject: string;
  author: string;
  /** The title page's blurb. */
  description: string;
  chapters: readonly BookChapter[];
};
