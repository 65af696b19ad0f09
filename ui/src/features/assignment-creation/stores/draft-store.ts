import { create } from 'zustand';
import type { CreationMethod } from '@evergrade/contracts';
import { setTimeLimitMode, type TimeLimitValue } from '../../../components/assignment-preview/time-limit';
import { defaultSetup, type SetupFields } from '../utils/setup-rules';

/** A question of the draft. `uid` is local (React keys, scroll targets); numbers follow the order. */
export type DraftQuestion = {
  uid: string;
  question: string | null;
  marks_possible: number;
  answer: string | null;
  grading_instructions: string | null;
  tags: string[];
  flagged_for_review: string;
  show_answer: boolean;
  show_instructions: boolean;
  show_rubrics: boolean;
  question_type?: string;
  topics?: string[];
  source_document_id?: string | number | null;
  original_question_number?: string | number | null;
};

export type WizardStep = 'details' | 'create' | 'preview';
export type AiMode = 'none' | 'quick' | 'builder';
export type DocumentMode = 'combined' | 'separate';
export type ProcessingMode = 'normal' | 'express';
/** A document chosen for processing: a local file, or a URL already validated and stored by the server. */
export type DocSource =
  | { kind: 'file'; file: File; name: string }
  | { kind: 'url'; name: string; gsutil_url: string; original_url: string; page_count?: number | null };
export type DocSlot = 'markingScheme' | 'questionPaper' | 'answerKey';
/** An assessment rubric chosen for the whole assignment (document and AI methods). */
export type ChosenRubric = { id: string | number; rubric_name: string; criterion: string };

let uidCounter = 0;
const nextUid = () => `q${Date.now().toString(36)}-${++uidCounter}`;

export const newQuestion = (patch: Partial<DraftQuestion> = {}): DraftQuestion => ({
  uid: nextUid(),
  question: null,
  marks_possible: 1,
  answer: null,
  grading_instructions: null,
  tags: [],
  flagged_for_review: '',
  show_answer: false,
  show_instructions: false,
  show_rubrics: false,
  ...patch,
});

type DraftData = SetupFields & {
  step: WizardStep;
  questions: DraftQuestion[];
  rubrics: ChosenRubric[];
  aiConfig: string | number | null;
  aiMode: AiMode;
  documentMode: DocumentMode;
  processing: ProcessingMode;
  documents: Record<DocSlot, DocSource | null>;
  /** The stored marking scheme of a processed document. */
  gsutilUrl: string | null;
  timeLimit: TimeLimitValue;
  ai: AiExpressInput;
  /** Smart Builder: the library questions chosen, by id, in the order they were added. */
  picked: LibraryPick[];
};

export type ChosenTextbook = { id: number; title: string; author: string };
export type AiExpressInput = { prompt: string; subject: string; textbooks: ChosenTextbook[]; references: DocSource[] };
export type LibraryPick = {
  id: number;
  question: string;
  answer: string;
  marks_possible: number;
  grading_instructions: string;
  question_type: string;
  topics: string[];
  source_document_id: string | number | null;
  original_question_number: string | number | null;
};

type DraftActions = {
  reset: (now?: Date) => void;
  setFields: (patch: Partial<SetupFields>) => void;
  setStep: (step: WizardStep) => void;
  /** Create → details: the creation type is reset and uploaded documents cleared. */
  backToDetails: () => void;
  setQuestions: (questions: DraftQuestion[]) => void;
  updateQuestion: (uid: string, patch: Partial<DraftQuestion>) => void;
  addQuestion: () => string;
  removeQuestion: (uid: string) => void;
  setRubrics: (rubrics: ChosenRubric[]) => void;
  setAiMode: (mode: AiMode) => void;
  setAiConfig: (config: string | number | null) => void;
  setDocumentMode: (mode: DocumentMode) => void;
  setProcessing: (mode: ProcessingMode) => void;
  setDocument: (slot: DocSlot, doc: DocSource | null) => void;
  setGsutilUrl: (url: string | null) => void;
  setTimeLimit: (value: TimeLimitValue) => void;
  setTimeLimitMode: (mode: 'enabled' | 'disabled') => void;
  setAi: (patch: Partial<AiExpressInput>) => void;
  togglePick: (q: LibraryPick) => void;
};

const NO_DOCUMENTS = { markingScheme: null, questionPaper: null, answerKey: null };

export const initialDraft = (now = new Date()): DraftData => ({
  ...defaultSetup(now),
  step: 'details',
  questions: [],
  rubrics: [],
  aiConfig: null,
  aiMode: 'none',
  documentMode: 'combined',
  processing: 'normal',
  documents: NO_DOCUMENTS,
  gsutilUrl: null,
  timeLimit: { mode: null, hours: 0, minutes: 0 },
  ai: { prompt: '', subject: '', textbooks: [], references: [] },
  picked: [],
});

/** The wizard's draft: UI state only (nothing here is server data until Create sends it). */
export const useDraftStore = create<DraftData & DraftActions>()((set, get) => ({
  ...initialDraft(),
  reset: (now) => set(initialDraft(now)),
  setFields: (patch) => set(patch),
  setStep: (step) => set({ step }),
  backToDetails: () => set({ step: 'details', creation_method: null, documents: NO_DOCUMENTS, gsutilUrl: null, aiMode: 'none' }),
  setQuestions: (questions) => set({ questions }),
  updateQuestion: (uid, patch) => set((s) => ({ questions: s.questions.map((q) => (q.uid === uid ? { ...q, ...patch } : q)) })),
  addQuestion: () => {
    const q = newQuestion();
    set({ questions: [...get().questions, q] });
    return q.uid;
  },
  removeQuestion: (uid) => set((s) => ({ questions: s.questions.filter((q) => q.uid !== uid) })),
  setRubrics: (rubrics) => set({ rubrics }),
  setAiMode: (aiMode) => set({ aiMode }),
  setAiConfig: (aiConfig) => set({ aiConfig }),
  // Separate question paper and answer key force Normal processing.
  setDocumentMode: (documentMode) => set((s) => ({ documentMode, processing: documentMode === 'separate' ? 'normal' : s.processing })),
  setProcessing: (processing) => set((s) => ({ processing: s.documentMode === 'separate' ? 'normal' : processing })),
  setDocument: (slot, doc) => set((s) => ({ documents: { ...s.documents, [slot]: doc } })),
  setGsutilUrl: (gsutilUrl) => set({ gsutilUrl }),
  setTimeLimit: (timeLimit) => set({ timeLimit }),
  setTimeLimitMode: (mode) => set((s) => ({ timeLimit: setTimeLimitMode(s.timeLimit, mode) })),
  setAi: (patch) => set((s) => ({ ai: { ...s.ai, ...patch } })),
  togglePick: (q) =>
    set((s) => ({ picked: s.picked.some((p) => p.id === q.id) ? s.picked.filter((p) => p.id !== q.id) : [...s.picked, q] })),
}));

export type { CreationMethod };
