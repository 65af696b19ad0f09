import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PRACTICE_MESSAGES, ValidationError, plainTextToRichText } from '@evergrade/contracts';
import { decide, type CreatePractice, type PracticeCommand } from './decide';
import { evolve, initialState, type PracticeEvent } from './practice';

const now = '2026-03-01T10:00:00.000Z';
const create: CreatePractice = {
  type: 'CreatePractice',
  practiceId: 7,
  studentId: 3,
  title: 'Forces',
  description: '',
  course: 'Physics',
  courseCode: 'PHYS10',
  creationMethod: 'ai',
  aiConfigId: '4',
  now,
  questions: [
    {
      question: 'A 2 kg trolley accelerates at 3 m/s². Resultant force?',
      type: 'numerical',
      marksPossible: 2,
      answer: 'F = ma = 2 × 3 = 6 N',
    },
    { question: '   ', type: 'short_answer', marksPossible: 1, answer: 'dropped' },
    { question: plainTextToRichText('Name the unit of energy.'), type: 'short_answer', marksPossible: 1, answer: 'The joule (J)' },
  ],
};

/** Given(events) / When(command) / Then(events or error). */
const given = (...events: PracticeEvent[]) => ({
  when: (command: PracticeCommand) => decide(command, events.reduce(evolve, initialState())),
});
const created = () => decide(create, initialState());
const saved = (questionId: number, responseContent: string | null): PracticeEvent => ({
  type: 'PracticeAnswerSaved',
  data: { practiceId: 7, studentId: 3, questionId, responseContent, savedAt: now },
});

describe('practice decider', () => {
  it('creates with numbered questions, dropping those with empty text', () => {
    const [event] = created();
    expect(event!.type).toBe('PracticeAssignmentCreated');
    const data = (event as Extract<PracticeEvent, { type: 'PracticeAssignmentCreated' }>).data;
    expect(data.questions.map((q) => [q.questionId, q.questionNumber])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(data).toMatchObject({ course: 'Physics', courseCode: 'PHYS10', aiConfigId: '4', creationMethod: 'ai' });
  });

  it('refuses to create with no question left', () => {
    expect(() =>
      decide({ ...create, questions: [{ question: '', type: 'short_answer', marksPossible: 1, answer: '' }] }, initialState()),
    ).toThrow(new ValidationError(PRACTICE_MESSAGES.noQuestions, 'questions'));
  });

  it('saves an answer, and saving the same content again is no event', () => {
    expect(given(...created()).when({ type: 'SavePracticeAnswer', studentId: 3, questionId: 1, responseContent: '6 N', now })).toEqual([
      saved(1, '6 N'),
    ]);
    expect(
      given(...created(), saved(1, '6 N')).when({ type: 'SavePracticeAnswer', studentId: 3, questionId: 1, responseContent: '6 N', now }),
    ).toEqual([]);
  });

  it('answers 404 to another student and to an unknown practice', () => {
    expect(() => given(...created()).when({ type: 'SavePracticeAnswer', studentId: 4, questionId: 1, responseContent: 'x', now })).toThrow(
      NotFoundError,
    );
    expect(() => given().when({ type: 'SubmitPractice', studentId: 3, now })).toThrow(NotFoundError);
    expect(() => given(...created()).when({ type: 'CheckPracticeAnswers', studentId: 4, now })).toThrow(NotFoundError);
  });

  it('refuses an unknown question', () => {
    expect(() => given(...created()).when({ type: 'SavePracticeAnswer', studentId: 3, questionId: 9, responseContent: 'x', now })).toThrow(
      ValidationError,
    );
  });

  it('checks the answers against the key with per-question points and feedback', () => {
    const [event] = given(...created(), saved(1, '6 N'), saved(2, plainTextToRichText('joules'))).when({
      type: 'CheckPracticeAnswers',
      studentId: 3,
      now,
    });
    expect(event!.type).toBe('PracticeAnswersChecked');
    const data = (event as Extract<PracticeEvent, { type: 'PracticeAnswersChecked' }>).data;
    expect(data.results.map((r) => [r.questionId, r.pointsObtained, r.pointsPossible])).toEqual([
      [1, 2, 2],
      [2, 1, 1],
    ]);
    expect(data).toMatchObject({ pointsObtained: 3, pointsPossible: 3, checker: 'offline' });
    expect(data.results[0]!.feedback).toContain('Correct');
  });

  it('needs at least one answer to check', () => {
    expect(() => given(...created()).when({ type: 'CheckPracticeAnswers', studentId: 3, now })).toThrow(
      new ValidationError(PRACTICE_MESSAGES.noAnswers, 'responses'),
    );
    expect(() => given(...created(), saved(1, plainTextToRichText(''))).when({ type: 'CheckPracticeAnswers', studentId: 3, now })).toThrow(
      ValidationError,
    );
  });

  it('reset clears the answers and the last feedback', () => {
    const events = [...created(), saved(1, '6 N')];
    const checked = given(...events).when({ type: 'CheckPracticeAnswers', studentId: 3, now });
    const reset = given(...events, ...checked).when({ type: 'ResetPracticeAnswers', studentId: 3, now });
    expect(reset).toEqual([{ type: 'PracticeAnswersReset', data: { practiceId: 7, studentId: 3, resetAt: now } }]);
    const state = [...events, ...checked, ...reset].reduce(evolve, initialState());
    expect(state).toMatchObject({ status: 'open', answers: {}, results: {} });
    expect(() => given(...events, ...checked, ...reset).when({ type: 'CheckPracticeAnswers', studentId: 3, now })).toThrow(ValidationError);
  });

  it('a changed answer loses its old feedback', () => {
    const events = [...created(), saved(1, '6 N')];
    const checked = given(...events).when({ type: 'CheckPracticeAnswers', studentId: 3, now });
    const state = [...events, ...checked, saved(1, '7 N')].reduce(evolve, initialState());
    expect(state.status !== 'none' && state.results[1]).toBeFalsy();
  });

  it('submits with the count answered, and nothing changes afterwards', () => {
    const events = [...created(), saved(1, '6 N')];
    const submitted = given(...events).when({ type: 'SubmitPractice', studentId: 3, now });
    expect(submitted).toEqual([
      { type: 'PracticeAssignmentSubmitted', data: { practiceId: 7, studentId: 3, answered: 1, questionCount: 2, submittedAt: now } },
    ]);
    const after = given(...events, ...submitted);
    expect(() => after.when({ type: 'SavePracticeAnswer', studentId: 3, questionId: 1, responseContent: 'x', now })).toThrow(ConflictError);
    expect(() => after.when({ type: 'ResetPracticeAnswers', studentId: 3, now })).toThrow(ConflictError);
    expect(() => after.when({ type: 'SubmitPractice', studentId: 3, now })).toThrow(ConflictError);
  });
});
