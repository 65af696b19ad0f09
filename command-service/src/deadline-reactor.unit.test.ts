import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';
import { evolveRunning } from './deadline-reactor';

let n = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = {}): RecordedEvent => ({
  eventId: String(++n),
  type,
  data,
  metadata,
  streamId,
  streamVersion: n,
  schemaVersion: 1,
  globalPosition: String(n) as GlobalPosition,
  recordedAt: new Date(0),
});
const fold = (events: RecordedEvent[]) => {
  const running = new Map();
  for (const e of events) evolveRunning(running, e);
  return [...running.values()];
};

describe('the running sessions the deadline process keeps', () => {
  const started = event(
    'submission:north:1:2',
    'TimedSessionStarted',
    { assignmentId: 1, studentId: 2, deadline: '2026-03-02T10:01:00.000Z' },
    { tenant: 'north' },
  );
  const extra = event(
    'submission:north:1:2',
    'ExtraTimeGranted',
    { assignmentId: 1, studentId: 2, newDeadline: '2026-03-02T10:03:00.000Z' },
    { tenant: 'north' },
  );
  const submitted = event('submission:north:1:2', 'AssignmentSubmitted', { assignmentId: 1, studentId: 2 }, { tenant: 'north' });

  it('starts, moves and ends a session; the same event twice changes nothing', () => {
    expect(fold([started])).toEqual([{ tenant: 'north', assignmentId: 1, studentId: 2, deadline: '2026-03-02T10:01:00.000Z' }]);
    expect(fold([started, extra, extra])).toEqual([expect.objectContaining({ deadline: '2026-03-02T10:03:00.000Z' })]);
    expect(fold([started, extra, submitted, submitted])).toEqual([]);
  });

  it("keeps schools apart, takes the school from the stream id when metadata has none, and ignores other streams' events", () => {
    const south = event('submission:south:1:2', 'TimedSessionStarted', {
      assignmentId: 1,
      studentId: 2,
      deadline: '2026-03-02T11:00:00.000Z',
    });
    const practice = event('practice:north:9', 'TimedSessionStarted', {
      assignmentId: 9,
      studentId: 2,
      deadline: '2026-03-02T11:00:00.000Z',
    });
    expect(fold([started, south, practice, submitted])).toEqual([
      { tenant: 'south', assignmentId: 1, studentId: 2, deadline: '2026-03-02T11:00:00.000Z' },
    ]);
  });
});
