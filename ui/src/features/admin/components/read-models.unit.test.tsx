import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectionStatus, ProjectionsReply } from '@evergrade/contracts';
import { OperatorKeyForm, ReadModelsTable, formatLag } from './read-models';

const status = (name: string, extra: Partial<ProjectionStatus> = {}): ProjectionStatus => ({
  name,
  version: 2,
  position: '00000000000000001259-00000000000000000448',
  behind_events: 0,
  lag_ms: 0,
  last_applied_at: new Date().toISOString(),
  status: 'live',
  rebuild: null,
  ...extra,
});
const rebuild = (extra: Partial<NonNullable<ProjectionStatus['rebuild']>> = {}): NonNullable<ProjectionStatus['rebuild']> => ({
  status: 'rebuilding',
  version: 3,
  events_done: 400,
  events_total: 1000,
  percent: 40,
  started_at: new Date().toISOString(),
  finished_at: null,
  last_error: null,
  ...extra,
});

afterEach(cleanup);

describe("the operator's read models page", () => {
  it("shows each read model's version, position, lag and status, with the rebuild's progress and a failure's error", () => {
    const reply: ProjectionsReply = {
      events: 1448,
      projections: [
        status('directory'),
        status('grading', { behind_events: 12, lag_ms: 340 }),
        status('rubrics', { status: 'rebuilding', rebuild: rebuild() }),
        status('audit', { status: 'failed', rebuild: rebuild({ status: 'failed', last_error: 'disk full' }) }),
      ],
    };
    render(<ReadModelsTable reply={reply} busy={new Set()} onRebuild={() => {}} />);
    const directory = screen.getByTestId('read-model-directory');
    expect(within(directory).getByText('version 2')).toBeTruthy();
    expect(within(directory).getByText('#448')).toBeTruthy();
    expect(within(directory).getByText('caught up')).toBeTruthy();
    expect(within(directory).getByText('Live')).toBeTruthy();
    expect(within(screen.getByTestId('read-model-grading')).getByText('12 behind · 340 ms')).toBeTruthy();
    const rubrics = screen.getByTestId('read-model-rubrics');
    expect(within(rubrics).getByText('Rebuilding 40%')).toBeTruthy();
    expect(within(rubrics).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(rubrics).getByRole('button', { name: 'Rebuild' }).hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByTestId('read-model-audit')).getByText('disk full')).toBeTruthy();
    expect(screen.getByText('Rebuilding 1 of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rebuild all' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks for one read model or all of them to be rebuilt', () => {
    const onRebuild = vi.fn();
    render(
      <ReadModelsTable
        reply={{ events: 10, projections: [status('directory'), status('grading')] }}
        busy={new Set()}
        onRebuild={onRebuild}
      />,
    );
    fireEvent.click(within(screen.getByTestId('read-model-grading')).getByRole('button', { name: 'Rebuild' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild all' }));
    expect(onRebuild.mock.calls).toEqual([['grading'], ['*']]);
  });

  it('takes the operator key, and says when the server refused it', () => {
    const onKey = vi.fn();
    render(<OperatorKeyForm error="This needs the operator key (the X-Operator-Key header)." onKey={onKey} />);
    expect(screen.getByRole('alert').textContent).toContain('operator key');
    fireEvent.change(screen.getByLabelText('Operator key'), { target: { value: ' secret-key ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(onKey).toHaveBeenCalledWith('secret-key');
  });

  it('writes lag in the unit that reads best', () => {
    expect([formatLag(340), formatLag(12_400), formatLag(180_000), formatLag(7_200_000)]).toEqual(['340 ms', '12 s', '3 min', '2 h']);
  });
});
