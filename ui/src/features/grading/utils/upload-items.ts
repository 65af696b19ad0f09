import { autoMatchAll, stripPdf, submissionKey, type MatchableStudent, type MatchRule } from './auto-match';
import { afterLine, type ProgressLine, type UploadPhase } from './upload-progress';

/** Spec document 2 section 5: the two mapping messages. */
export const MAPPING_MESSAGES = {
  taken: (submissionName: string) =>
    `This student is already assigned to submission "${submissionName}". Please select a different student.`,
  unassigned: 'Please assign this submission to a student before continuing.',
  notPdf: (name: string) => `"${name}" is not a PDF file. Only PDF files can be uploaded.`,
  duplicate: (name: string) => `"${name}" is already in the list.`,
} as const;

/** One file of the upload modal (the spec's client-side submission, section 3). */
export type UploadItem = {
  /** File name without .pdf, first space replaced by an underscore. */
  key: string;
  file: File;
  originalFilename: string;
  displayName: string;
  uploadPhase: UploadPhase;
  loading: boolean;
  progress: number;
  processingProgress: number;
  pages: number | null;
  mappedStudent: number | null;
  /** How the student was found: an auto-match rule or the instructor's choice. */
  mappedBy: MatchRule | 'manual' | null;
  error: string | null;
};

export const isPdf = (file: { name: string; type: string }) =>
  file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));

export type AddResult = { items: UploadItem[]; rejected: string[] };

/**
 * Add picked files: PDFs only (others are reported), one entry per key; each new file is auto-matched
 * to a student no other file (and no student of `taken`, e.g. those who already have a submission) holds.
 */
export function addFiles(
  items: readonly UploadItem[],
  files: readonly File[],
  students: readonly MatchableStudent[],
  taken: Iterable<number> = [],
): AddResult {
  const rejected: string[] = [];
  const keys = new Set(items.map((i) => i.key));
  const fresh: File[] = [];
  for (const file of files) {
    if (!isPdf(file)) rejected.push(MAPPING_MESSAGES.notPdf(file.name));
    else if (keys.has(submissionKey(file.name))) rejected.push(MAPPING_MESSAGES.duplicate(file.name));
    else {
      keys.add(submissionKey(file.name));
      fresh.push(file);
    }
  }
  const used = [...taken, ...items.flatMap((i) => (i.mappedStudent == null ? [] : [i.mappedStudent]))];
  const matches = autoMatchAll(
    fresh.map((f) => f.name),
    students,
    used,
  );
  const added = fresh.map((file): UploadItem => {
    const match = matches.get(file.name);
    return {
      key: submissionKey(file.name),
      file,
      originalFilename: file.name,
      displayName: stripPdf(file.name),
      uploadPhase: 'pending',
      loading: false,
      progress: 0,
      processingProgress: 0,
      pages: null,
      mappedStudent: match?.student.student_id ?? null,
      mappedBy: match?.rule ?? null,
      error: null,
    };
  });
  return { items: [...items, ...added], rejected };
}

/** The message when `studentId` is already another file's student, or null when it may be assigned. */
export function assignmentConflict(items: readonly UploadItem[], key: string, studentId: number): string | null {
  const other = items.find((i) => i.key !== key && i.mappedStudent === studentId);
  return other ? MAPPING_MESSAGES.taken(other.displayName) : null;
}

export function assign(items: readonly UploadItem[], key: string, studentId: number | null): UploadItem[] {
  return items.map((i) => (i.key === key ? { ...i, mappedStudent: studentId, mappedBy: studentId == null ? null : 'manual' } : i));
}

/** Files Upload All sends: every one not complete and not on its way. */
export const toUpload = (items: readonly UploadItem[]) => items.filter((i) => i.uploadPhase === 'pending' || i.uploadPhase === 'error');

/**
 * Upload All with a course student list: every submission not yet complete must have a student. The
 * first one without is returned so the modal can select it and say why.
 */
export function firstUnassigned(items: readonly UploadItem[], hasStudentList: boolean): UploadItem | null {
  if (!hasStudentList) return null;
  return items.find((i) => i.uploadPhase !== 'complete' && i.mappedStudent == null) ?? null;
}

export const patch = (items: readonly UploadItem[], key: string, change: Partial<UploadItem>): UploadItem[] =>
  items.map((i) => (i.key === key ? { ...i, ...change } : i));

/** Apply one line of the processing stream to a file. */
export function withLine(item: UploadItem, line: ProgressLine & { pages?: number | null; error?: string | null }): UploadItem {
  const next = afterLine(item.progress, line);
  return {
    ...item,
    uploadPhase: next.phase,
    progress: next.progress,
    processingProgress: next.processingProgress,
    pages: line.pages ?? item.pages,
    loading: next.phase !== 'complete' && next.phase !== 'error',
    error: next.phase === 'error' ? line.error || 'The file could not be processed.' : null,
  };
}
