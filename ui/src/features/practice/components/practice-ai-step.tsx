import { useState } from 'react';
import { PRACTICE_LIMITS, PRACTICE_MESSAGES } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon, XIcon } from '../../../components/icons';
import { Accordion } from '../../../components/wizard/accordion';
import { FileButton } from '../../../components/wizard/file-button';
import { useSessionStore } from '../../../stores/session';
import type { StoredReference } from '../api/generate-practice';
import { storeUrlPdf } from '../api/student-courses';
import { acceptPracticeFiles, difficultyLabel, practiceUrlError, promptError } from '../utils/rules';

type Props = {
  title: string;
  prompt: string;
  onPrompt: (prompt: string) => void;
  /** The notice of a generation that found nothing on the topic in the question library. */
  nothing?: string | null;
  difficulty: number;
  onDifficulty: (difficulty: number) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  urls: StoredReference[];
  onUrls: (urls: StoredReference[]) => void;
  onAlert: (message: string) => void;
  busy: boolean;
  onBack: () => void;
  onGenerate: () => void;
};

/** Step 2 With AI: what to practise, how hard, and up to three reference PDFs (files or URLs). */
export function PracticeAiStep(props: Props) {
  const { prompt, onPrompt, difficulty, onDifficulty, files, onFiles, urls, onUrls, onAlert, busy } = props;
  const email = useSessionStore((s) => s.student.email);
  const [promptTouched, setPromptTouched] = useState(false);
  const [urlText, setUrlText] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const references = files.length + urls.length;
  const full = references >= PRACTICE_LIMITS.maxReferenceDocuments;
  const problem = promptTouched ? promptError(prompt) : null;

  const addUrl = async () => {
    const error = full ? PRACTICE_MESSAGES.maxDocuments : practiceUrlError(urlText);
    setUrlError(error);
    if (error) return;
    setChecking(true);
    try {
      const stored = await storeUrlPdf(urlText.trim(), email, props.title.trim());
      onUrls([...urls, { gsutil_url: stored.gsutil_url, filename: stored.filename, original_url: stored.original_url }]);
      setUrlText('');
    } catch (err) {
      setUrlError((err as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="wz-step">
      <section className="card wz-card form-stack">
        <label className="field">
          <span className="field-label">What do you want to practice?</span>
          <textarea
            className="input wz-textarea"
            rows={5}
            value={prompt}
            placeholder="e.g. Newton's laws and resultant forces"
            aria-invalid={problem ? true : undefined}
            onChange={(e) => onPrompt(e.target.value)}
            onBlur={() => setPromptTouched(true)}
          />
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </label>
        <label className="field">
          <span className="field-label">
            Difficulty: {difficulty} ({difficultyLabel(difficulty)})
          </span>
          <span className="practice-slider">
            <span className="text-muted">Easy</span>
            <input
              type="range"
              min={PRACTICE_LIMITS.difficultyMin}
              max={PRACTICE_LIMITS.difficultyMax}
              step={1}
              value={difficulty}
              aria-label="Difficulty"
              onChange={(e) => onDifficulty(Number(e.target.value))}
            />
            <span className="text-muted">Hard</span>
          </span>
        </label>
      </section>
      {props.nothing && (
        <div role="status" aria-live="polite">
          <EmptyState title="Nothing in the question library on this topic" icon={<SearchIcon width={28} height={28} />}>
            <p>{props.nothing}</p>
          </EmptyState>
        </div>
      )}
      <section className="card wz-card wz-accordions">
        <Accordion title="Reference Documents" summary={`Optional, ${references}/${PRACTICE_LIMITS.maxReferenceDocuments}`}>
          <div className="form-stack">
            {references > 0 && (
              <ul className="wz-doc-list" aria-label="Reference documents">
                {files.map((f, i) => (
                  <li key={`f${i}`} className="wz-doc-item">
                    <span>{f.name}</span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${f.name}`}
                      onClick={() => onFiles(files.filter((_, j) => j !== i))}
                    >
                      <XIcon width={16} height={16} />
                    </button>
                  </li>
                ))}
                {urls.map((u, i) => (
                  <li key={`u${i}`} className="wz-doc-item">
                    <span>{u.filename}</span>
                    <span className="badge badge-info">URL</span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${u.filename}`}
                      onClick={() => onUrls(urls.filter((_, j) => j !== i))}
                    >
                      <XIcon width={16} height={16} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="wz-doc-add">
              <FileButton
                inputLabel="Upload reference PDF"
                multiple
                small
                onFiles={(picked) => {
                  const { accepted, alert } = acceptPracticeFiles(picked, references);
                  onFiles([...files, ...accepted]);
                  if (alert) onAlert(alert);
                }}
                canOpen={() => {
                  if (full) onAlert(PRACTICE_MESSAGES.maxDocuments);
                  return !full;
                }}
              />
              <span className="text-muted">or</span>
              <div className="wz-url">
                <div className="wz-url-row">
                  <input
                    className="input"
                    type="url"
                    aria-label="PDF URL"
                    placeholder="https://example.com/document.pdf"
                    value={urlText}
                    disabled={checking}
                    aria-invalid={urlError ? true : undefined}
                    onChange={(e) => setUrlText(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void addUrl();
                      }
                    }}
                  />
                  <button type="button" className="button button-secondary button-sm" disabled={checking} onClick={() => void addUrl()}>
                    {checking ? 'Checking...' : 'Add URL'}
                  </button>
                </div>
                {urlError && (
                  <p className="field-error" role="alert">
                    {urlError}
                  </p>
                )}
              </div>
            </div>
            <p className="field-hint">PDF only, at most {PRACTICE_LIMITS.maxReferenceDocuments} documents.</p>
          </div>
        </Accordion>
      </section>
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={props.onBack}>
          Back
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => {
            setPromptTouched(true);
            props.onGenerate();
          }}
        >
          Generate Practice Assignment
        </button>
      </div>
    </div>
  );
}
