import { BIOLOGY_BOOK } from './biology';
import { MATHEMATICS_BOOK } from './mathematics';
import { PHYSICS_BOOK } from './physics';

/**
 * Questions a student might ask of the shipped books, each with the section whose page must come first.
 * The words they share with the book are in the section's first paragraph, which the PDF keeps on the
 * heading's page; the expected page is found in the extracted text with `pageOfHeading`, never hard-coded.
 */
export type RetrievalQuestion = { book: string; question: string; heading: string };

const ask = (book: string, pairs: readonly (readonly [question: string, heading: string])[]): RetrievalQuestion[] =>
  pairs.map(([question, heading]) => ({ book, question, heading }));

export const RETRIEVAL_QUESTIONS: readonly RetrievalQuestion[] = [
  ...ask(PHYSICS_BOOK.title, [
    ['Why is it zero if a runner finishes a lap where she started?', '1.1 Distance and Displacement'],
    ['How do I calculate the average speed of a cyclist?', '1.2 Speed and Velocity'],
    ['How do I find the rate of change of velocity from the initial and final velocity?', '1.3 Acceleration'],
    ['What does the steepness of a distance-time graph tell you?', '1.4 Distance-Time and Velocity-Time Graphs'],
    ['Which forces only act when objects touch each other?', '2.1 What Is a Force?'],
    ['Why does a hockey puck keep sliding on smooth ice?', "2.2 Newton's First Law and Inertia"],
    ['How are force, mass and acceleration connected?', "2.3 Newton's Second Law"],
    ['When I push against a wall, does the wall push back on me?', "2.4 Newton's Third Law"],
    ['Is mass the same thing as weight?', '3.1 Mass and Weight'],
    ['What causes friction when two surfaces slide over each other?', '3.2 Friction and Air Resistance'],
    ['How much work is done pushing a trolley 20 metres?', '4.1 Work and Energy Transfer'],
    ["Why does doubling a car's speed make its kinetic energy four times bigger?", '4.2 Kinetic and Potential Energy'],
    ['Can energy ever be created or destroyed?', '4.3 Conservation of Energy and Efficiency'],
    ['How many joules does a 60 W lamp transfer every second?', '4.4 Power'],
  ]),
  ...ask(BIOLOGY_BOOK.title, [
    ['What did Robert Hooke see when he looked at cork?', '1.1 Cell Theory and the Microscope'],
    ['What does the nucleus of a cell control?', '1.2 Inside Animal and Plant Cells'],
    ['How do particles spread from a high concentration to a low one?', '1.3 Diffusion, Osmosis and Active Transport'],
    ['How do green plants turn carbon dioxide and water into glucose?', '2.1 How Plants Make Their Food'],
    ['Which conditions change the rate of photosynthesis?', '2.2 Limiting Factors of Photosynthesis'],
    ['Is respiration the same as breathing?', '2.3 Cellular Respiration'],
    ['How do enzymes break down large food molecules?', '3.1 The Digestive System'],
    ['Why does blood pass through the heart twice?', '3.2 The Heart and Blood Vessels'],
    ['What is the pale yellow liquid part of blood called?', '3.3 Blood and Its Components'],
    ['What are the tiny air sacs at the end of the bronchioles?', '4.1 The Lungs and Gas Exchange'],
    ['How do electrical impulses travel to the brain and spinal cord?', '4.2 The Nervous System and Reflexes'],
    ['How does the body defend itself against pathogens?', '4.3 The Immune System'],
  ]),
  ...ask(MATHEMATICS_BOOK.title, [
    ['What does a letter stand for in algebra?', '1.1 Variables, Expressions and Terms'],
    ['Which terms can be combined when I simplify?', '1.2 Collecting Like Terms and Expanding Brackets'],
    ['What does BIDMAS say about the order to do operations in?', '1.3 Order of Operations and Substitution'],
    ['Why is solving an equation like keeping scales level?', '2.1 Balancing an Equation'],
    ['How do I solve 5x - 4 = 2x + 11?', '2.2 Unknowns on Both Sides and Brackets'],
    ['How do I work out how long a taxi ride was from its fare?', '2.3 Forming Equations from Word Problems'],
    ['What do the two numbers of an ordered pair of coordinates mean?', '3.1 The Coordinate Plane'],
    ['What does rise over run tell me about a slope?', '3.2 Gradient of a Line'],
    ['What do m and c mean in the equation of a straight line?', '3.3 The Equation y = mx + c'],
    ['How do I find the one pair of x and y values that makes two equations true at the same time?', '3.4 Simultaneous Equations'],
    ['What is the difference between an acute and an obtuse angle?', '4.1 Angles and Parallel Lines'],
    ['What do the three interior angles of a triangle add up to?', '4.2 Triangles and Polygons'],
    ['How do I find the longest side of a right-angled triangle?', '4.3 The Pythagorean Theorem'],
    ['How do I work out the area of a rectangle?', '4.4 Perimeter, Area and Circles'],
  ]),
];

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The page (from 1) on which a heading is printed: the first page with a line that is the heading. Takes the
 * extracted pages as `{ page, text }` (or `{ pageNumber, text }`, as the PDF reader gives them) or as plain
 * texts in page order. Throws when no page has it, so a test cannot pass on a missing heading.
 */
export function pageOfHeading(
  pages: readonly (string | { page?: number; pageNumber?: number; text: string })[],
  heading: string,
): number {
  const wanted = normalise(heading);
  for (const [i, p] of pages.entries()) {
    const text = typeof p === 'string' ? p : p.text;
    if (text.split('\n').some((line) => normalise(line) === wanted))
      return typeof p === 'string' ? i + 1 : (p.page ?? p.pageNumber ?? i + 1);
  }
  throw new Error(`Heading not found on any page: ${heading}`);
}
