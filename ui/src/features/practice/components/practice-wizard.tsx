import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PRACTICE_LIMITS, PRACTICE_MESSAGES, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { AlertDialog, ConfirmDialog } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { WizardHead } from '../../../components/wizard/wizard-head';
import { useSessionStore } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { generatePractice, type StoredReference } from '../api/generate-practice';
import { useAddPractice } from '../api/practice-commands';
import { processPracticeDocument } from '../api/process-practice-document';
import {
  fromDocument,
  fromGenerated,
  keptQuestions,
  practiceTitleError,
  PRACTICE_LIST_PATH,
  promptError,
  type DraftQuestion,
} from '../utils/rules';
import { PracticeAiStep } from './practice-ai-step';
import { PracticeDocumentStep } from './practice-document-step';
import { PracticePreviewStep } from './practice-preview-step';
import { PracticeSetupStep, type PracticeMethod } from './practice-setup-step';
import '../practice.css';

type Step = 1 | 2 | 3;
const STEP_TITLES: Record<Step, string> = { 1: 'Step 1 of 3: Setup', 2: 'Step 2 of 3: Create', 3: 'Step 3 of 3: Preview' };
const LEAVE_PATH = '/student/assignments';

/** The practice creation wizard (spec document 1 sections 2, 4, 5): setup, create (With AI or From Document), preview. */
export function PracticeWizard() {
  const navigate = useNavigate();
  const email = useSessionStore((s) => s.student.email);
  const add = useAddPractice();

  const [step, setStep] = useState<Step>(1);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [course, setCourse] = useState<string>(PRACTICE_LIMITS.defaultCourse);
  const [method, setMethod] = useState<PracticeMethod | null>(null);
  const [prompt, setPrompt] = useState('');
  const [difficulty, setDifficulty] = useState<number>(PRACTICE_LIMITS.difficultyDefault);
  const [files, setFiles] = useState<File[]>([]);
  const [urls, setUrls] = useState<StoredReference[]>([]);
  const [document, setDocument] = useState<File | null>(null);
  const [progress, setProgress] = useState<ProcessMarkingSchemeLine | null>(null);
  const [busy, setBusy] = useState<null | 'generating' | 'processing'>(null);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [aiConfigId, setAiConfigId] = useState<number | null>(null);
  const [documentKey, setDocumentKey] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // Offline, the question library had nothing on the topic: its notice, shown on the AI step until the prompt changes.
  const [nothing, setNothing] = useState<string | null>(null);

  const kept = keptQuestions(questions);
  const leave = () => (title.trim() || method || questions.length ? setConfirmDiscard(true) : navigate(LEAVE_PATH));

  const backToSetup = () => {
    // Going back to the details resets the creation type and, for a document, its uploaded file (spec section 4).
    setMethod(null);
    setDocument(null);
    setProgress(null);
    setStep(1);
  };

  const onGenerate = async () => {
    if (promptError(prompt)) return;
    setBusy('generating');
    try {
      setNothing(null);
      const reply = await generatePractice({ prompt: prompt.trim(), difficulty, title: title.trim(), course, files, urls });
      if (reply.questions.length === 0) return setNothing(reply.notice ?? PRACTICE_MESSAGES.generateFailed);
      if (reply.notice && reply.generator === 'offline') toast.info(reply.notice);
      setQuestions(fromGenerated(reply));
      setAiConfigId(reply.ai_config_id);
      setDocumentKey(null);
      setStep(3);
    } catch {
      setAlert(PRACTICE_MESSAGES.generateFailed);
    } finally {
      setBusy(null);
    }
  };

  const onProcess = async () => {
    if (!document) return;
    setBusy('processing');
    setProgress({ status: 'processing', pages: 0 });
    try {
      const last = await processPracticeDocument({ file: document, title: title.trim(), course, createdBy: email }, setProgress);
      if (last.status === 'error') {
        setAlert(last.error ?? PRACTICE_MESSAGES.generateFailed);
        return;
      }
      setQuestions(fromDocument(last));
      setDocumentKey(last.gsutil_url ?? null);
      setAiConfigId(null);
      setTimeout(() => setStep(3), 1000);
    } catch (err) {
      setAlert((err as Error).message || PRACTICE_MESSAGES.generateFailed);
    } finally {
      setBusy(null);
    }
  };

  const onCreate = async () => {
    if (kept.length === 0) return;
    try {
      await add.mutateAsync({
        title: title.trim(),
        description: method === 'ai' ? prompt.trim() : '',
        course,
        creation_method: method ?? 'ai',
        ai_config_id: aiConfigId,
        gsutil_url: documentKey,
        questions: kept.map((q, i) => ({
          question_number: i + 1,
          question: q.question,
          type: q.type,
          marks_possible: q.marks_possible,
          answer: q.answer,
          ...(q.grading_instructions ? { grading_instructions: q.grading_instructions } : {}),
        })),
      });
      toast.success('Practice assignment created successfully!');
      setTimeout(() => navigate(PRACTICE_LIST_PATH), PRACTICE_LIMITS.redirectMs);
    } catch {
      setAlert(PRACTICE_MESSAGES.createFailed);
    }
  };

  const update = (key: string, patch: Partial<DraftQuestion>) =>
    setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  return (
    <div className="page wz-page" data-testid="practice-wizard">
      <WizardHead
        crumbs={['Practice Assignments', 'New Practice Assignment']}
        title={STEP_TITLES[step]}
        steps={['Setup', 'Create', 'Preview']}
        current={step - 1}
        onLeave={leave}
        backLabel="Back to assignments"
        titleTestId="practice-step"
      />

      {step === 1 && (
        <PracticeSetupStep
          title={title}
          onTitle={setTitle}
          titleTouched={titleTouched}
          onTitleTouched={() => setTitleTouched(true)}
          course={course}
          onCourse={setCourse}
          method={method}
          onMethod={setMethod}
          onNext={() => {
            setTitleTouched(true);
            if (!practiceTitleError(title) && method) setStep(2);
          }}
        />
      )}
      {step === 2 && method === 'ai' && (
        <PracticeAiStep
          title={title}
          prompt={prompt}
          onPrompt={(p) => {
            setPrompt(p);
            setNothing(null);
          }}
          nothing={nothing}
          difficulty={difficulty}
          onDifficulty={setDifficulty}
          files={files}
          onFiles={setFiles}
          urls={urls}
          onUrls={setUrls}
          onAlert={setAlert}
          busy={busy !== null}
          onBack={backToSetup}
          onGenerate={() => void onGenerate()}
        />
      )}
      {step === 2 && method === 'document' && (
        <PracticeDocumentStep
          document={document}
          onDocument={setDocument}
          onAlert={setAlert}
          progress={progress}
          processing={busy === 'processing'}
          onBack={backToSetup}
          onProcess={() => void onProcess()}
        />
      )}
      {step === 3 && (
        <PracticePreviewStep
          title={title}
          questions={questions}
          onUpdate={update}
          onDelete={(key) => setQuestions((qs) => qs.filter((q) => q.key !== key))}
          empty={kept.length === 0}
          creating={add.isPending}
          onBack={() => setStep(2)}
          onCreate={() => void onCreate()}
        />
      )}

      {busy === 'generating' && (
        <div className="wz-overlay" role="status" aria-live="assertive">
          <div className="wz-overlay-card">
            <Spinner label={PRACTICE_MESSAGES.generating} />
            <p className="strong">{PRACTICE_MESSAGES.generating}</p>
          </div>
        </div>
      )}
      {confirmDiscard && (
        <ConfirmDialog
          title="Discard practice assignment"
          message={PRACTICE_MESSAGES.discardConfirm}
          onConfirm={() => navigate(LEAVE_PATH)}
          onCancel={() => setConfirmDiscard(false)}
        />
      )}
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
