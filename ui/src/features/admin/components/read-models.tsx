import { useEffect, useState, type FormEvent } from 'react';
import type { ProjectionStatus, ProjectionsReply } from '@evergrade/contracts';
import { ProgressTrack } from '../../../components/progress-track';

const number = (n: number) => n.toLocaleString('en-US');

/** "340 ms", "12 s", "3 min": how old the oldest unapplied event is. */
export function formatLag(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export function formatAgo(iso: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(iso));
  return ms < 5000 ? 'just now' : `${formatLag(ms)} ago`;
}

/** The position's sequence part (positions are `<transaction>-<sequence>`, zero-padded). */
const shortPosition = (position: string | null) =>
  position
    ? `#${position
        .split('-')
        .at(-1)!
        .replace(/^0+(?=\d)/, '')}`
    : '—';

function StatusBadge({ p }: { p: ProjectionStatus }) {
  if (p.status === 'rebuilding') return <span className="badge badge-info">Rebuilding {p.rebuild?.percent.toFixed(0) ?? 0}%</span>;
  if (p.status === 'failed') return <span className="badge badge-danger">Failed</span>;
  return <span className="badge badge-success">Live</span>;
}

function Progress({ p }: { p: ProjectionStatus }) {
  const r = p.rebuild;
  if (!r || p.status !== 'rebuilding') return null;
  return (
    <div className="rm-progress" aria-label={`${p.name} rebuild progress`}>
      <ProgressTrack value={Math.round(r.percent)} max={100} percent={r.percent} />
      <span className="small text-muted">
        {r.events_total === 0 ? 'Starting…' : `${number(r.events_done)} / ${number(r.events_total)} events`} · version {r.version}
      </span>
    </div>
  );
}

export function ReadModelsTable({
  reply,
  busy,
  onRebuild,
}: {
  reply: ProjectionsReply;
  /** Names with a rebuild just requested (buttons wait for the server to report it). */
  busy: ReadonlySet<string>;
  onRebuild(projection: string): void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const rebuilding = reply.projections.filter((p) => p.status === 'rebuilding');
  const overall = rebuilding.length > 0 ? rebuilding.reduce((sum, p) => sum + (p.rebuild?.percent ?? 0), 0) / rebuilding.length : null;
  return (
    <section className="card card-flush" data-testid="read-models">
      <div className="table-toolbar rm-toolbar">
        <div>
          <span className="strong">{reply.projections.length} read models</span>
          <span className="text-muted small"> · {number(reply.events)} events in the log</span>
        </div>
        <button
          type="button"
          className="button button-primary button-sm"
          disabled={busy.has('*') || rebuilding.length > 0}
          onClick={() => onRebuild('*')}
        >
          Rebuild all
        </button>
      </div>
      {overall !== null && (
        <div className="rm-overall">
          <div className="progress-head">
            <span className="progress-label">
              Rebuilding {rebuilding.length} of {reply.projections.length}
            </span>
            <span className="progress-text">{overall.toFixed(0)}%</span>
          </div>
          <div className="progress-track">
            <div className="progress-fill" style={{ width: `${overall}%` }} />
          </div>
        </div>
      )}
      <ul className="rm-list" aria-label="Read models">
        {reply.projections.map((p) => (
          <li key={p.name} className="rm-item" data-testid={`read-model-${p.name}`}>
            <div className="rm-name">
              <span className="strong mono">{p.name}</span>
              <span className="small text-muted">version {p.version ?? '—'}</span>
            </div>
            <dl className="rm-facts">
              <div>
                <dt>Position</dt>
                <dd className="mono">{shortPosition(p.position)}</dd>
              </div>
              <div>
                <dt>Lag</dt>
                <dd className={p.behind_events > 0 ? 'text-warning' : undefined}>
                  {p.behind_events === 0 ? 'caught up' : `${number(p.behind_events)} behind · ${formatLag(p.lag_ms)}`}
                </dd>
              </div>
              <div>
                <dt>Last applied</dt>
                <dd>{formatAgo(p.last_applied_at, now)}</dd>
              </div>
            </dl>
            <div className="rm-status">
              <StatusBadge p={p} />
            </div>
            <div className="rm-action">
              <button
                type="button"
                className="button button-secondary button-sm"
                disabled={busy.has(p.name) || busy.has('*') || p.status === 'rebuilding'}
                onClick={() => onRebuild(p.name)}
              >
                Rebuild
              </button>
            </div>
            <Progress p={p} />
            {p.status === 'failed' && p.rebuild?.last_error && <p className="rm-error small text-danger">{p.rebuild.last_error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Asks for the operator key: the page is the platform operator's, not the school's. */
export function OperatorKeyForm({ error, onKey }: { error: string | null; onKey(key: string): void }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onKey(value.trim());
  };
  return (
    <section className="card">
      <h3 className="card-title">Operator key</h3>
      <p className="text-muted">
        Rebuilding read models concerns every school on this server, so it takes the operator's key rather than a school admin's sign-in.
        The server keeps it in <span className="mono">DATA_DIR/operator-key</span> (or reads <span className="mono">OPERATOR_KEY</span>).
      </p>
      <form className="inline-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="operator-key">
          Operator key
        </label>
        <input
          id="operator-key"
          className="input grow"
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Paste the operator key"
        />
        <button type="submit" className="button button-primary" disabled={!value.trim()}>
          Unlock
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
