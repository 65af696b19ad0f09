import { randomUUID } from 'node:crypto';
import { streamIds, type EventOf, type RegradeJobOutcome } from '@evergrade/contracts';
import type { CommandServiceDeps } from '../context';
import { fold, handleCommand } from '../decider';
import { loadGradingAssignment, type GradingAssignment } from './context';
import type { GradingQuestion } from './grade';
import { openJobsDecider, regradeJobDecider, type StudentDone } from './regrade-job-decide';
import { gradeCommandId, gradeQuestion, metadataOf, responsesFor, type Actor, type GradedQuestion } from './run';

export type RegradeJobs = {
  /** Records a new job (index first, then its stream) and starts it in the background. */
  start(
    actor: Actor,
    a: GradingAssignment,
    q: GradingQuestion,
    o: { instructions: string; overrideManual: boolean; studentIds: number[] },
  ): Promise<{ jobId: string; position: string | null }>;
  /** Finishes every job left open (by a restart): started in the background. */
  resume(): Promise<void>;
  /** No job takes another student from now on (the server is closing). */
  halt(): void;
  /** Lets each running job finish the student it is on, then stops (they resume on the next start). */
  stop(): Promise<void>;
  /** Resolves when no job runs here (tests). */
  idle(): Promise<void>;
};

/** How one student's regrade ended, for the job's stream. */
export function outcomeOf(line: GradedQuestion): RegradeJobOutcome {
  if (line.instructions === 'not-understood') return 'not-understood';
  if (line.kept_manual) return 'kept-manual';
  if (line.instructions === 'none') return 'regraded';
  return line.instructions;
}

/**
 * Regrade-all jobs (issue 14 item 5): one student at a time, never one long request. Their progress is events on each
 * job's stream; the index stream says which are open, so a restart resumes them. A student's grade carries a command
 * id made from the job and the student, so a student graded just before a restart is not graded again.
 */
export function createRegradeJobs(deps: CommandServiceDeps, log: (err: unknown, msg: string) => void): RegradeJobs {
  const { store } = deps;
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  const index = (type: 'OpenRegradeJob' | 'CloseRegradeJob', tenant: string, jobId: string) =>
    handleCommand(
      store,
      streamIds.regradeJobsOpen(),
      openJobsDecider,
      { type, tenant, jobId, now: deps.now().toISOString() },
      { metadata: { tenant, actorId: 'system', actorRole: 'system', commandId: `${type}:${tenant}:${jobId}` } },
    );

  async function regradeStudent(
    actor: Actor,
    jobId: string,
    a: GradingAssignment,
    q: GradingQuestion,
    studentId: number,
    o: { instructions: string; overrideManual: boolean },
  ): Promise<StudentDone> {
    if (!a.studentIds.includes(studentId))
      return { outcome: 'no-response', previousPoints: null, points: null, note: 'No longer enrolled in the course.' };
    // Graded by this job before a stop that came before its progress was recorded: recorded now, not graded again.
    const earlier = (await store.readStream(streamIds.grading(actor.tenant, a.assignmentId, studentId))).find(
      (e) => e.type === 'ResponseGraded' && e.metadata.commandId === gradeCommandId(jobId, studentId),
    );
    if (earlier) {
      const d = earlier.data as EventOf<'ResponseGraded'>['data'];
      return {
        outcome: d.instructionsApplied ?? 'regraded',
        previousPoints: null,
        points: d.pointsObtained,
        note: 'Regraded before the server restarted.',
      };
    }
    const state = await responsesFor(deps, actor, a, studentId);
    const r = state.responses[q.questionId];
    if (!r) return { outcome: 'no-response', previousPoints: null, points: null, note: 'No response to this question.' };
    const line = await gradeQuestion(deps, actor, a, studentId, q, state, {
      regradeInstructions: o.instructions,
      overrideManual: o.overrideManual,
      regradeJobId: jobId,
      log: (err) => log(err, 'AI grade unusable; graded offline'),
    });
    const outcome = outcomeOf(line);
    const note = outcome === 'kept-manual' ? 'The mark set by hand was kept.' : line.instructionsNote;
    return { outcome, previousPoints: r.graded ? r.points : null, points: line.points_obtained, note };
  }

  async function run(tenant: string, jobId: string): Promise<void> {
    const stream = streamIds.regradeJob(tenant, jobId);
    const job = fold(regradeJobDecider, await store.readStream(stream));
    if (job.status === 'running') {
      const { started } = job;
      const actor: Actor = { tenant, userId: started.startedBy, role: 'instructor' };
      const options = { instructions: started.instructions, overrideManual: started.overrideManual };
      let assignment: GradingAssignment | null = null;
      let failure = '';
      try {
        assignment = await loadGradingAssignment(store, tenant, started.assignmentId, started.startedBy);
      } catch (err) {
        failure = err instanceof Error ? err.message : 'The assignment could not be read.';
      }
      const q = assignment?.questions.find((x) => x.questionId === started.questionId);
      if (assignment && !q) failure = `Question ${started.questionNumber} no longer exists.`;
      for (const studentId of started.studentIds) {
        if (stopping) return;
        if (job.done.has(studentId)) continue;
        let done: StudentDone;
        try {
          done =
            assignment && q
              ? await regradeStudent(actor, jobId, assignment, q, studentId, options)
              : { outcome: 'failed', previousPoints: null, points: null, note: failure };
        } catch (err) {
          // Stopping (the database closing under it): the student is done again after the restart.
          if (stopping) return;
          log(err, 'regrading a student failed');
          done = { outcome: 'failed', previousPoints: null, points: null, note: err instanceof Error ? err.message : 'Regrading failed.' };
        }
        await handleCommand(
          store,
          stream,
          regradeJobDecider,
          { type: 'RecordStudentRegraded', jobId, studentId, now: deps.now().toISOString(), ...done },
          { metadata: metadataOf(actor, `regrade-job:${jobId}:done:${studentId}`) },
        );
      }
      await handleCommand(
        store,
        stream,
        regradeJobDecider,
        { type: 'FinishRegradeJob', jobId, now: deps.now().toISOString() },
        { metadata: metadataOf(actor, `regrade-job:${jobId}:finished`) },
      );
    }
    await index('CloseRegradeJob', tenant, jobId);
  }

  function launch(tenant: string, jobId: string): void {
    const key = `${tenant}\u0000${jobId}`;
    if (stopping || running.has(key)) return;
    const p = run(tenant, jobId)
      .catch((err: unknown) => {
        if (!stopping) log(err, `regrade job ${jobId} stopped; it resumes on the next start`);
      })
      .finally(() => running.delete(key));
    running.set(key, p);
  }

  return {
    async start(actor, a, q, o) {
      const jobId = randomUUID();
      await index('OpenRegradeJob', actor.tenant, jobId);
      const started = await handleCommand(
        store,
        streamIds.regradeJob(actor.tenant, jobId),
        regradeJobDecider,
        {
          type: 'StartRegradeJob',
          data: {
            jobId,
            assignmentId: a.assignmentId,
            questionId: q.questionId,
            questionNumber: q.questionNumber,
            instructions: o.instructions,
            overrideManual: o.overrideManual,
            studentIds: o.studentIds,
            startedBy: actor.userId,
            startedAt: deps.now().toISOString(),
          },
        },
        { metadata: metadataOf(actor) },
      );
      launch(actor.tenant, jobId);
      return { jobId, position: started.position };
    },
    async resume() {
      stopping = false;
      const open = fold(openJobsDecider, await store.readStream(streamIds.regradeJobsOpen()));
      for (const key of open) {
        const [tenant, jobId] = key.split('\u0000') as [string, string];
        launch(tenant, jobId);
      }
    },
    halt() {
      stopping = true;
    },
    async stop() {
      stopping = true;
      await Promise.allSettled([...running.values()]);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
