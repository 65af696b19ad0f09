/** Labels that open a section inside a question: its answer, or notes for whoever grades it. */
const ANSWER_WORDS = String.raw`(?:(?:model|expected|correct|sample|suggested|final|possible)\s+)?(?:answers?|ans\.?|solutions?|sol\.|working|marking\s+scheme|mark\s+scheme|memo(?:randum)?|key)`;
const GRADING_WORDS = String.raw`(?:grading(?:\s+(?:instructions?|notes?|guidance|criteria|guide))?|marking\s+(?:notes?|guidance|instructions?|criteria|guide|points)|mark\s+allocation|allocation\s+of\s+marks|examiner'?s?\s+(?:notes?|comments?)|notes?\s+(?:to|for)\s+(?:markers?|graders?|examiners?)|instructions?\s+(?:to|for)\s+(?:markers?|graders?)|rubric|criteria)`;
const LABEL_END = String.raw`(?:\s*\((?:[a-z]|[ivx]{1,4})\))?\s*(?:[:=\-]\s*|$)`;

const ANSWER_LABEL = new RegExp(String.raw`^${ANSWER_WORDS}(\s*\((?:[a-z]|[ivx]{1,4})\))?\s*(?:[:=\-]\s*|$)(.*)$`, 'i');
const GRADING_LABEL = new RegExp(String.raw`^${GRADING_WORDS}${LABEL_END}(.*)$`, 'i');

/** Lines that tell a grader what to do, even without a label: "Award 1 mark for ...", "Accept ...". */
const GRADING_LINE =
  /^(?:award|give\s+(?:\d|one|two|half|full|partial|credit)|deduct|accept|do\s+not\s+(?:accept|award)|don't\s+(?:accept|award)|allow|credit|penali[sz]e|no\s+marks?\b|full\s+marks?\b|partial\s+(?:credit|marks?)|half\s+(?:a\s+)?mark|(?:\d+(?:\.\d+)?|one|two|three|half)\s+marks?\s+(?:for|if|when|each|per)\b|\(?\d+(?:\.\d+)?\s*(?:marks?|m)\)?\s*(?:for|if|when)\b|if\s+the\s+(?:student|candidate|learner))/i;

export type SectionLine = { kind: 'answer'; text: string } | { kind: 'grading'; text: string };

const ABBREVIATED_ANSWER = /^(?:ans|sol)\.\s*(.*)$/i;
/** "Answer V = IR" without a colon, except the instructions that start questions ("Answer the following"). */
const BARE_ANSWER =
  /^(?:answer|ans)\s+(?!(?:the|all|any|each|every|these|those|this|both|one|two|three|four|five|following|question|questions|in|using|with|briefly|only|from|on|either|a|an|as|in|if|for|to)\s)(\S.*)$/i;

/** "Section A", "Part B - Essays (20 marks)", "SECTION II": headings between questions, not part of them. */
const SECTION_HEADING = /^(?:section|part)\s+(?:[A-Z]|[IVX]{1,4}|\d{1,2})(?:\s*[-:(].*)?$/i;
export const isSectionHeading = (line: string) => SECTION_HEADING.test(line);

/** A label that opens a section; `inBody` allows the colon-less "Answer ..." form (not on a question's first line). */
export function sectionLabel(line: string, options: { inBody?: boolean } = {}): SectionLine | null {
  if (options.inBody) {
    const bare = BARE_ANSWER.exec(line);
    if (bare && !ANSWER_LABEL.test(line)) return { kind: 'answer', text: bare[1]!.trim() };
  }
  const abbreviated = ABBREVIATED_ANSWER.exec(line);
  if (abbreviated) return { kind: 'answer', text: (abbreviated[1] ?? '').replace(/^[:=-]\s*/, '').trim() };
  const answer = ANSWER_LABEL.exec(line);
  if (answer) return { kind: 'answer', text: `${answer[1]?.trim() ?? ''} ${answer[2] ?? ''}`.trim() };
  const grading = GRADING_LABEL.exec(line);
  if (grading) return { kind: 'grading', text: (grading[1] ?? '').trim() };
  return null;
}

export const isGradingLine = (line: string) => GRADING_LINE.test(line);
