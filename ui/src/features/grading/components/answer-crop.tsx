import { useState } from 'react';
import { routes } from '@evergrade/contracts';
import './answer-crop.css';

type Props = { assignmentId: number; studentId: number; questionId: number; questionNumber: number; version: number };

/** Where the image of an answer's part of the student's page comes from (the instructor's session cookie authorises it). */
export const answerCropUrl = (p: Omit<Props, 'questionNumber'>) =>
  `${routes.getResponseCrop.path}?${new URLSearchParams({
    assignment_id: String(p.assignmentId),
    student_id: String(p.studentId),
    question_id: String(p.questionId),
    v: String(p.version),
  }).toString()}`;

/**
 * The student's own page beside the read text, so the instructor can check what the reader made of the handwriting:
 * loaded lazily (only when scrolled near), with a loading state and a clear message when there is no image.
 */
export function AnswerCrop(props: Props) {
  const [state, setState] = useState<'loading' | 'loaded' | 'missing'>('loading');
  const alt = `Question ${props.questionNumber} on the student's page`;
  return (
    <figure className="gr-crop" data-testid="answer-crop" data-state={state} aria-busy={state === 'loading'}>
      <figcaption className="gr-label">On the page</figcaption>
      {state !== 'missing' && (
        <a href={answerCropUrl(props)} target="_blank" rel="noreferrer" className="gr-crop-link" aria-label={`${alt} (opens the image)`}>
          <img
            src={answerCropUrl(props)}
            alt={alt}
            loading="lazy"
            decoding="async"
            className="gr-crop-image"
            onLoad={() => setState('loaded')}
            onError={() => setState('missing')}
          />
        </a>
      )}
      {state === 'loading' && (
        <p className="gr-crop-note text-muted" data-testid="answer-crop-loading">
          Loading the page…
        </p>
      )}
      {state === 'missing' && (
        <p className="gr-crop-note text-muted" role="note">
          No page image for this answer: it was not read from the uploaded PDF, or its place on the page is not known.
        </p>
      )}
    </figure>
  );
}
