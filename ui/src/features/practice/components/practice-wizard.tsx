import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PRACTICE_LIMITS, PRACTICE_MESSAGES, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { AlertDialog, Modal } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { useSessionStore } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { RichTextEditor } from '../../editor';
import { generatePractice, type StoredReference } from '../api/generate-practice';
import { useAddPractice } from '../api/practice-commands';
import { processPracticeDocument } from '../api/process-practice-document';
import { storeUrlPdf, useStudentCourses } from '../api/student-courses';
import {
  acceptPracticeFiles, capitaliseTitle, difficultyLabel, fromDocument, fromGenerated, keptQuestions, practiceTitleError, practiceUrlError,
  PRACTICE_LIST_PATH, promptError, type DraftQuestion,
} from '../utils/rules';
import '../practice.css';

type Method = 'document' | 'ai';
type Step = 1 | 2 | 3;

/** The practice creation wizard (spec document 1 sections 2, 4, 5): setup, create (With AI or From Document), preview. */
export function PracticeWizard() {
  const navigate = useNavigate();
  const email = useSessionStore((s) => s.student.email);
  const { courses, loading: coursesLoading } = useStudentCourses();
  const add = useAddPractice();

  const [step, setStep] = useState<Step>(1);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [course, setCourse] = useState<string>(PRACTICE_LIMITS.defaultCourse);
  const [method, setMethod] = useState<Method | null>(null);
  const [prompt, setPrompt] = useState('');
  const [promptTouched, setPromptTouched] = useState(false);
  const [difficulty, setDifficulty] = useState<number>(PRACTICE_LIMITS.difficultyDefault);
  const [files, setFiles] = useState<File[]>([]);
  const [urls, setUrls] = useState<StoredReference[]>([]);
  const [urlText, setUrlText] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [progress, setProgress] = useState<ProcessMarkingSchemeLine | null>(null);
  const [busy, setBusy] = useState<null | 'generating' | 'processing' | 'url'>(null);
  const [questions, setQuestions] = useState<DraftQuestion[]>([]);
  const [aiConfigId, setAiConfigId] = useState<number | null>(null);
  const [documentKey, setDocumentKey] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const titleError = practiceTitleError(title);
  const references = files.length + urls.length;
  const kept = keptQuestions(questions);

  const backToSetup = () => {
    // Going back to the details resets the creation type and, for a document, its uploaded file (spec section 4).
    setMethod(null);
    setDocument(null);
    setProgress(null);
    setStep(1);
  };

  const onGenerate = async () => {
    setPromptTouched(true);
    if (promptError(prompt)) return;
    setBusy('generating');
    try {
      const reply = await generatePractice({ prompt: prompt.trim(), difficulty, title: title.trim(), course, files, urls });
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

  const onAddUrl = async () => {
    const error = references >= PRACTICE_LIMITS.maxReferenceDocuments ? PRACTICE_MESSAGES.maxDocuments : practiceUrlError(urlText);
    setUrlError(error);
    if (error) return;
    setBusy('url');
    try {
      const stored = await storeUrlPdf(urlText.trim(), email, title.trim());
      setUrls((u) => [...u, { gsutil_url: stored.gsutil_url, filename: stored.filename, original_url: stored.original_url }]);
      setUrlText('');
    } catch (err) {
      setUrlError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const onCreate = async () => {
    if (kept.length === 0) return;
    try {
      await add.mutateAsync({
        title: title.trim(), description: method === 'ai' ? prompt.trim() : '', course, creation_method: method ?? 'ai', ai_config_id: aiConfigId,
        gsutil_url: documentKey,
        questions: kept.map((q, i) => ({ question_number: i + 1, question: q.question, type: q.type, marks_possible: q.marks_possible, answer: q.answer, ...(q.grading_instructions ? { grading_instructions: q.grading_instructions } : {}) })),
      });
      toast.success('Practice assignment created successfully!');
      setTimeout(() => navigate(PRACTICE_LIST_PATH), PRACTICE_LIMITS.redirectMs);
    } catch {
      setAlert(PRACTICE_MESSAGES.createFailed);
    }
  };

  const update = (key: string, patch: Partial<DraftQuestion>) => setQuestions((qs) => qs.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  return (
    <div className="practice-wizard" data-testid="practice-wizard">
      <nav className="practice-breadcrumb" aria-label="Breadcrumb">Practice Assignments &gt; New Practice Assignment</nav>
      <p className="practice-step" data-testid="practice-step">
        {step === 1 ? 'Step 1 of 3: Setup' : step === 2 ? 'Step 2 of 3: Create' : 'Step 3 of 3: Preview'}
      </p>

      {step === 1 && (
        <section className="card practice-setup">
          <label className="practice-field">
            <span>Title</span>
            <input className="input" value={title} placeholder="e.g. Forces Practice" onChange={(e) => setTitle(capitaliseTitle(e.target.value))} onBlur={() => setTitleTouched(true)} aria-invalid={titleTouched && !!titleError} />
            {titleTouched && titleError && <p className="field-error" role="alert">{titleError}</p>}
          </label>
          <label className="practice-field">
            <span>Course</span>
            <select className="input" value={course} onChange={(e) => setCourse(e.target.value)} aria-label="Course">
              <option value={PRACTICE_LIMITS.defaultCourse}>{PRACTICE_LIMITS.defaultCourse}</option>
              {courses.map((c) => <option key={c.course_code} value={c.course_code}>{`${c.course_name} (${c.course_code}) - Grade ${c.course_class}`}</option>)}
            </select>
            {!coursesLoading && courses.length === 0 && <p className="notice">{PRACTICE_MESSAGES.noCourses}</p>}
          </label>
          <div className="practice-choices" role="group" aria-label="Creation option">
            {(['document', 'ai'] as const).map((m) => (
              <button key={m} type="button" className="practice-choice" aria-pressed={method === m} onClick={() => setMethod(m)}>
                <strong>{m === 'document' ? 'From Document' : 'With AI'}</strong>
                <p>{m === 'document' ? 'Upload a marking scheme PDF' : 'Describe what you want to practice'}</p>
              </button>
            ))}
          </div>
          <div className="practice-nav">
            <button type="button" className="button" onClick={() => setConfirmDiscard(true)}>Discard</button>
            <button type="button" className="button button-primary" disabled={!method} onClick={() => {
              setTitleTouched(true);
              if (!titleError && method) setStep(2);
            }}>Next</button>
          </div>
        </section>
      )}

      {step === 2 && method === 'ai' && (
        <section className="card practice-ai">
          <label className="practice-field">
            <span>What do you want to practice?</span>
            <textarea className="input" rows={4} value={prompt} onChange={(e) => setPrompt(e.target.value)} onBlur={() => setPromptTouched(true)} placeholder="e.g. Newton's laws and resultant forces" />
            {promptTouched && promptError(prompt) && <p className="field-error" role="alert">{promptError(prompt)}</p>}
          </label>
          <label className="practice-field">
            <span>Difficulty: {difficulty} ({difficultyLabel(difficulty)})</span>
            <span className="practice-slider">
              <span>Easy</span>
              <input type="range" min={PRACTICE_LIMITS.difficultyMin} max={PRACTICE_LIMITS.difficultyMax} step={1} value={difficulty} aria-label="Difficulty" onChange={(e) => setDifficulty(Number(e.target.value))} />
              <span>Hard</span>
            </span>
          </label>
          <details className="practice-references">
            <summary>Reference Documents (optional, {references}/{PRACTICE_LIMITS.maxReferenceDocuments})</summary>
            <input type="file" accept="application/pdf" multiple aria-label="Upload reference PDF" onChange={(e) => {
              const { accepted, alert: problem } = acceptPracticeFiles([...(e.target.files ?? [])], references);
              setFiles((f) => [...f, ...accepted]);
              if (problem) setAlert(problem);
              e.target.value = '';
            }} />
            <div className="practice-draft-row">
              <input className="input" value={urlText} onChange={(e) => setUrlText(e.target.value)} placeholder="https://example.com/document.pdf" aria-label="PDF URL" />
              <button type="button" className="button" onClick={() => void onAddUrl()} disabled={busy === 'url'}>{busy === 'url' ? 'Checking...' : 'Add URL'}</button>
            </div>
            {urlError && <p className="field-error" role="alert">{urlError}</p>}
            <ul>
              {files.map((f, i) => <li key={`f${i}`}>{f.name} <button type="button" className="link" onClick={() => setFiles((x) => x.filter((_, j) => j !== i))}>Remove</button></li>)}
              {urls.map((u, i) => <li key={`u${i}`}>{u.filename} <button type="button" className="link" onClick={() => setUrls((x) => x.filter((_, j) => j !== i))}>Remove</button></li>)}
            </ul>
          </details>
          <div className="practice-nav">
            <button type="button" className="button" onClick={backToSetup}>Back</button>
            <button type="button" className="button button-primary" onClick={() => void onGenerate()} disabled={busy !== null}>Generate Practice Assignment</button>
          </div>
        </section>
      )}

      {step === 2 && method === 'document' && (
        <section className="card practice-document">
          <label className="practice-field">
            <span>Marking scheme (PDF)</span>
            <input type="file" accept="application/pdf" aria-label="Upload document" onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              if (file && file.type !== 'application/pdf') return setAlert('Please select a valid PDF file');
              setDocument(file);
            }} />
          </label>
          {progress && (
            <p role="status" data-testid="practice-upload-progress">
              {(progress.pages ?? 0) > 0 ? `Processing: page ${progress.current_page ?? 0} of ${progress.total_pages ?? progress.pages}` : 'Uploading'}
              {progress.status === 'complete' && ' — done'}
            </p>
          )}
          <div className="practice-nav">
            <button type="button" className="button" onClick={backToSetup} disabled={busy === 'processing'}>Back</button>
            <button type="button" className="button button-primary" disabled={!document || busy !== null} onClick={() => void onProcess()}>Process Document</button>
          </div>
        </section>
      )}

      {step === 3 && (
        <section className="card practice-preview">
          <h2>{title}</h2>
          {questions.map((q, i) => (
            <div key={q.key} className="practice-draft-question" data-testid="practice-draft-question">
              <div className="practice-draft-row">
                <strong>Question {i + 1}</strong>
                <label>Marks <input className="input" type="number" min={0} step={0.25} value={q.marks_possible} aria-label={`Marks for question ${i + 1}`}
                  onChange={(e) => update(q.key, { marks_possible: Math.max(0, Number(e.target.value) || 0) })} /></label>
                <button type="button" className="link" onClick={() => setQuestions((qs) => qs.filter((x) => x.key !== q.key))}>Delete</button>
              </div>
              <RichTextEditor value={q.question || null} onChange={(v) => update(q.key, { question: v ?? '' })} ariaLabel={`Question ${i + 1}`} placeholder="Question text" minHeight={60} />
              <label className="practice-field"><span>Answer</span>
                <textarea className="input" rows={2} value={q.answer} onChange={(e) => update(q.key, { answer: e.target.value })} aria-label={`Answer for question ${i + 1}`} />
              </label>
            </div>
          ))}
          {kept.length === 0 && <p className="notice">{PRACTICE_MESSAGES.noQuestions}</p>}
          <div className="practice-nav">
            <button type="button" className="button" onClick={() => setStep(2)}>Back</button>
            <span>
              <button type="button" className="button" onClick={() => setConfirmDiscard(true)}>Discard</button>{' '}
              <button type="button" className="button button-primary" disabled={kept.length === 0 || add.isPending} onClick={() => void onCreate()}>Create Practice Assignment</button>
            </span>
          </div>
        </section>
      )}

      {busy === 'generating' && (
        <div className="practice-overlay" role="status" aria-live="assertive"><Spinner label={PRACTICE_MESSAGES.generating} /><span>{PRACTICE_MESSAGES.generating}</span></div>
      )}
      {confirmDiscard && (
        <Modal title="Discard practice assignment" tone="danger" onEscape={() => setConfirmDiscard(false)} actions={<>
          <button type="button" className="button" data-autofocus onClick={() => setConfirmDiscard(false)}>No</button>
          <button type="button" className="button button-danger" onClick={() => navigate('/student/assignments')}>Yes</button>
        </>}>
          <p>{PRACTICE_MESSAGES.discardConfirm}</p>
        </Modal>
      )}
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
