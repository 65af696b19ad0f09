import { useEffect, useState } from 'react';
import { GradeBadge } from '../../../components/grade-badge';

/**
 * The autograder, replayed: the grading screen's question cards with the marks and feedback Evergrade's offline
 * grader gives these answers (taken from a real run of it), shown one question at a time. Pausable; still for
 * readers who ask for reduced motion.
 */
const QUESTIONS = [
  {
    n: 1,
    question: 'A 2 kg trolley accelerates at 3 m/s². What is the resultant force on it?',
    response: '6',
    obtained: 1.5,
    possible: 2,
    feedback: 'Partly correct (1.5 of 2). The value is right but the unit is missing (N). Expected 6 N.',
  },
  {
    n: 2,
    question: 'Name the process by which green plants make their food using sunlight.',
    response: 'photosynthesis',
    obtained: 1,
    possible: 1,
    feedback: 'Correct. Key points covered: photosynthesis.',
  },
  {
    n: 3,
    question: 'A car travels 100 m in 20 s. What is its average speed?',
    response: '5 m/s',
    obtained: 2,
    possible: 2,
    feedback: 'Correct: 5 m/s.',
  },
] as const;

const STEP_MS = 1800;
const STEPS = QUESTIONS.length + 2;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function AutograderDemo() {
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const [step, setStep] = useState(() => (reducedMotion() ? STEPS - 1 : 0));
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setStep((s) => (s + 1) % (STEPS + 1)), STEP_MS);
    return () => clearInterval(timer);
  }, [playing]);
  const graded = Math.max(0, Math.min(QUESTIONS.length, step - 1));
  const done = graded === QUESTIONS.length;
  const total = QUESTIONS.slice(0, graded).reduce((sum, q) => sum + q.obtained, 0);
  const possible = QUESTIONS.reduce((sum, q) => sum + q.possible, 0);

  return (
    <figure className="landing-demo" aria-labelledby="autograder-demo-caption" data-testid="autograder-demo">
      <div className="landing-demo-screen" aria-hidden={playing ? 'true' : undefined}>
        <div className="landing-demo-bar">
          <span className="landing-demo-dot" />
          <span className="landing-demo-dot" />
          <span className="landing-demo-dot" />
          <span className="landing-demo-url">Forces and Light · Asha Rao</span>
        </div>
        <div className="landing-demo-head">
          <strong>Submission</strong>
          {step === 0 ? (
            <span className="badge badge-neutral">Reading the submission…</span>
          ) : done ? (
            <span className="badge badge-success" data-testid="demo-total">
              Graded · {total} / {possible}
            </span>
          ) : (
            <span className="badge badge-info">
              Grading {graded + 1} of {QUESTIONS.length}…
            </span>
          )}
        </div>
        <div className="landing-demo-progress" style={{ ['--done' as string]: `${(graded / QUESTIONS.length) * 100}%` }} />
        <ol className="landing-demo-questions">
          {QUESTIONS.map((q, i) => {
            const shown = i < graded;
            return (
              <li key={q.n} className={`landing-demo-question${shown ? ' is-graded' : ''}`}>
                <div className="landing-demo-q">
                  <span className="landing-demo-num">Q{q.n}</span>
                  <span>{q.question}</span>
                  {shown ? <GradeBadge obtained={q.obtained} possible={q.possible} /> : <span className="badge badge-neutral">—</span>}
                </div>
                <div className="landing-demo-answer">
                  <span className="text-muted">Answer:</span> {q.response}
                </div>
                <div className="landing-demo-feedback">{shown ? q.feedback : ' '}</div>
              </li>
            );
          })}
        </ol>
      </div>
      <figcaption id="autograder-demo-caption" className="landing-demo-caption">
        <span>
          The autograder at work: marks and feedback as Evergrade gives them for these answers; the teacher can change any of them.
        </span>
        <button type="button" className="button button-ghost button-sm" onClick={() => setPlaying((p) => !p)} data-testid="demo-toggle">
          {playing ? 'Pause' : 'Play'}
        </button>
      </figcaption>
    </figure>
  );
}
