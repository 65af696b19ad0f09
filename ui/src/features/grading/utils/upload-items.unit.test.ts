import { describe, expect, it } from 'vitest';
import {
  addFiles,
  assign,
  assignmentConflict,
  firstUnassigned,
  isPdf,
  MAPPING_MESSAGES,
  patch,
  toUpload,
  withLine,
  type UploadItem,
} from './upload-items';

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const students = [
  { student_id: 1, name: 'Ada Lovelace' },
  { student_id: 2, name: 'Emmy Noether' },
  { student_id: 3, name: 'Alan Turing' },
];

const start = (files: File[], taken: number[] = []) => addFiles([], files, students, taken).items;

describe('adding files', () => {
  it('keys, names and auto-maps each PDF', () => {
    const items = start([pdf('Ada Lovelace.pdf'), pdf('noether_e.pdf'), pdf('scan 7.pdf')]);
    expect(items.map((i) => [i.key, i.displayName, i.mappedStudent, i.mappedBy, i.uploadPhase, i.progress])).toEqual([
      ['Ada_Lovelace', 'Ada Lovelace', 1, 'fullName', 'pending', 0],
      ['noether_e', 'noether_e', 2, 'initials', 'pending', 0],
      ['scan_7', 'scan 7', null, null, 'pending', 0],
    ]);
  });

  it('accepts PDFs only and reports the rest', () => {
    const { items, rejected } = addFiles([], [pdf('a.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' })], students);
    expect(items).toHaveLength(1);
    expect(rejected).toEqual([MAPPING_MESSAGES.notPdf('notes.txt')]);
    expect(isPdf({ name: 'x.PDF', type: '' })).toBe(true);
    expect(isPdf({ name: 'x.png', type: 'image/png' })).toBe(false);
  });

  it('refuses a second file with the same key', () => {
    const first = start([pdf('Ada Lovelace.pdf')]);
    const { items, rejected } = addFiles(first, [pdf('Ada_Lovelace.pdf')], students);
    expect(items).toHaveLength(1);
    expect(rejected).toEqual([MAPPING_MESSAGES.duplicate('Ada_Lovelace.pdf')]);
  });

  it('does not auto-map to a student already held by a listed file or taken before', () => {
    const first = start([pdf('Ada Lovelace.pdf')]);
    const { items } = addFiles(first, [pdf('ada.pdf')], students);
    expect(items[1]!.mappedStudent).toBeNull();
    expect(start([pdf('Emmy Noether.pdf')], [2])[0]!.mappedStudent).toBeNull();
  });
});

describe('one student per submission', () => {
  it('names the submission that already has the student', () => {
    const items = start([pdf('Ada Lovelace.pdf'), pdf('scan 7.pdf')]);
    expect(assignmentConflict(items, 'scan_7', 1)).toBe(
      'This student is already assigned to submission "Ada Lovelace". Please select a different student.',
    );
    expect(assignmentConflict(items, 'scan_7', 3)).toBeNull();
    expect(assignmentConflict(items, 'Ada_Lovelace', 1)).toBeNull();
  });

  it('assigning is manual; clearing removes the student', () => {
    let items = assign(start([pdf('scan 7.pdf')]), 'scan_7', 3);
    expect(items[0]).toMatchObject({ mappedStudent: 3, mappedBy: 'manual' });
    items = assign(items, 'scan_7', null);
    expect(items[0]).toMatchObject({ mappedStudent: null, mappedBy: null });
  });
});

describe('Upload All', () => {
  it('needs every file not yet complete mapped when a student list exists', () => {
    let items = start([pdf('Ada Lovelace.pdf'), pdf('scan 7.pdf'), pdf('scan 8.pdf')]);
    expect(firstUnassigned(items, true)?.key).toBe('scan_7');
    expect(firstUnassigned(items, false)).toBeNull();
    items = patch(items, 'scan_7', { uploadPhase: 'complete' });
    expect(firstUnassigned(items, true)?.key).toBe('scan_8');
    items = assign(items, 'scan_8', 3);
    expect(firstUnassigned(items, true)).toBeNull();
    expect(MAPPING_MESSAGES.unassigned).toBe('Please assign this submission to a student before continuing.');
  });

  it('sends files pending or failed, not those complete or under way', () => {
    let items = start([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')]);
    items = patch(items, 'b', { uploadPhase: 'complete' });
    items = patch(items, 'c', { uploadPhase: 'processing' });
    items = patch(items, 'd', { uploadPhase: 'error' });
    expect(toUpload(items).map((i) => i.key)).toEqual(['a', 'd']);
  });
});

describe('stream lines', () => {
  const item = (): UploadItem => ({ ...start([pdf('a.pdf')])[0]!, uploadPhase: 'uploading_to_gcs', progress: 10, loading: true });

  it('moves through processing, validating and complete', () => {
    let i = withLine(item(), { status: 'processing', current_batch: 1, total_batches: 2, pages: 7 });
    expect(i).toMatchObject({ uploadPhase: 'processing', progress: 40, pages: 7, loading: true });
    i = withLine(i, { status: 'validating' });
    expect(i).toMatchObject({ uploadPhase: 'validating', progress: 80, pages: 7 });
    i = withLine(i, { status: 'complete' });
    expect(i).toMatchObject({ uploadPhase: 'complete', progress: 100, loading: false, error: null });
  });

  it('an error stops loading and keeps its message', () => {
    const i = withLine(item(), { status: 'error', error: 'No numbered answers were found in this PDF.' });
    expect(i).toMatchObject({ uploadPhase: 'error', loading: false, progress: 10, error: 'No numbered answers were found in this PDF.' });
  });
});
