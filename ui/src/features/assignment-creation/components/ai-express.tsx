import { useState } from 'react';
import { LIBRARY_MESSAGES } from '@evergrade/contracts';
import { AlertDialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { generateAssignment } from '../api/generate-assignment';
import { useDraftStore } from '../stores/draft-store';
import { draftFromGenerated } from '../utils/question-sources';
import { Accordion } from '../../../components/wizard/accordion';
import { AssessmentRubrics } from './assessment-rubrics';
import { ReferenceDocuments } from './reference-documents';
import { TextbookPicker } from './textbook-picker';

/** AI Express: a prompt plus optional references, rubrics and textbooks; Generate Assignment. */
export function AiExpress({ onBack }: { onBack: () => void }) {
  const d = useDraftStore();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // Offline, the library had nothing on the topic: its notice, shown in place until the prompt changes.
  const [nothing, setNothing] = useState<string | null>(null);

  const generate = async () => {
    if (d.ai.prompt.trim() === '') return setAlert(LIBRARY_MESSAGES.promptRequired);
    setBusy(true);
    setNothing(null);
    try {
      const files = d.ai.references.flatMap((r) => (r.kind === 'file' ? [r.file] : []));
      const reply = await generateAssignment(
        {
          prompt: d.ai.prompt.trim(),
          subject: d.ai.subject,
          title: d.title,
          description: d.description,
          textbooks: d.ai.textbooks,
          rubrics: d.rubrics.map((r) => ({ id: r.id, rubric_name: r.rubric_name, criterion: r.criterion })),
          reference_urls: d.ai.references.flatMap((r) =>
            r.kind === 'url' ? [{ gsutil_url: r.gsutil_url, filename: r.name, original_url: r.original_url }] : [],
          ),
        },
        files,
      );
      if (reply.questions.length === 0) return setNothing(reply.notice ?? LIBRARY_MESSAGES.generateFailed);
      d.setQuestions(reply.questions.map(draftFromGenerated));
      d.setAiConfig(reply.config_id);
      if (reply.notice) toast.info(reply.notice);
      d.setStep('preview');
    } catch (err) {
      // The server's refusal of the request (a field, a reference too large) says what to change; anything else,
      // a reply without questions included, is the spec's failure message.
      const refused = err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500;
      setAlert(refused ? err.message : LIBRARY_MESSAGES.generateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wz-step">
      <section className="card wz-card">
        <label className="field">
          <span className="field-label">Tell the AI what to create</span>
          <textarea
            className="input wz-textarea"
            rows={6}
            value={d.ai.prompt}
            maxLength={10_000}
            aria-label="Tell the AI what to create"
            placeholder="e.g. Ten questions on quadratic equations for grade 10: factorising, the formula and word problems, 2-5 marks each"
            onChange={(e) => {
              d.setAi({ prompt: e.target.value });
              setNothing(null);
            }}
          />
        </label>
      </section>
      {nothing && (
        <div role="status" aria-live="polite">
          <EmptyState title="Nothing in the question library on this topic" icon={<SearchIcon width={28} height={28} />}>
            <p>{nothing}</p>
          </EmptyState>
        </div>
      )}
      <section className="card wz-card wz-accordions">
        <Accordion title="Reference Documents" summary={d.ai.references.length ? `${d.ai.references.length} added` : 'Optional'}>
          <ReferenceDocuments />
        </Accordion>
        <Accordion title="Assessment Rubrics" summary={d.rubrics.length ? `${d.rubrics.length} selected` : 'Optional'}>
          <AssessmentRubrics />
        </Accordion>
        <Accordion title="Textbooks" summary={d.ai.textbooks.length ? `${d.ai.textbooks.length} selected` : 'Optional'}>
          <TextbookPicker />
        </Accordion>
      </section>
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
          Change AI Mode
        </button>
        <button type="button" className="button button-primary" onClick={() => void generate()} disabled={busy}>
          Generate Assignment
        </button>
      </div>
      {busy && (
        <div className="wz-overlay" role="status" aria-live="polite">
          <div className="wz-overlay-card">
            <Spinner label="Generating Assignment" />
            <p className="strong">Generating Assignment</p>
            <p className="text-muted">This takes about 2 minutes.</p>
          </div>
        </div>
      )}
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
