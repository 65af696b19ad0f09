import { useEffect, useState } from 'react';
import { QueryBoundary } from '../../../components/query-boundary';
import { operatorKey, useProjections, useRebuildProjection } from '../../../features/admin/api/projections';
import { OperatorKeyForm, ReadModelsTable } from '../../../features/admin/components/read-models';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';

/** /admin/read-models: every projection's position, lag and rebuild progress; rebuilds with no downtime. */
export function AdminReadModelsRoute() {
  const [key, setKey] = useState<string | null>(() => operatorKey.get());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const projections = useProjections(key, busy.size > 0);
  const rebuild = useRebuildProjection(key);
  const refused = projections.error instanceof ApiError && projections.error.status === 403 ? projections.error.message : null;

  useEffect(() => {
    if (refused) {
      operatorKey.clear();
      setKey(null);
    }
  }, [refused]);
  // A requested rebuild shows as soon as the server reports it (or after a few seconds).
  useEffect(() => {
    if (busy.size === 0) return;
    const started = projections.data?.projections.some((p) => p.status === 'rebuilding');
    const t = setTimeout(() => setBusy(new Set()), started ? 0 : 5000);
    return () => clearTimeout(t);
  }, [busy, projections.data]);

  const start = (name: string) => {
    setBusy(new Set([name]));
    rebuild.mutate(name, {
      onError: (err) => {
        setBusy(new Set());
        toast.error(err instanceof Error ? err.message : 'The rebuild could not be requested.');
      },
    });
  };

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Read models</h2>
          <p className="text-muted">
            The projections every page reads from. A rebuild builds a fresh copy beside the one serving and swaps it in once it has caught
            up: nothing goes offline.
          </p>
        </div>
        {key && (
          <button
            type="button"
            className="button button-ghost button-sm"
            onClick={() => {
              operatorKey.clear();
              setKey(null);
            }}
          >
            Forget key
          </button>
        )}
      </div>
      {key === null ? (
        <OperatorKeyForm
          error={refused}
          onKey={(k) => {
            operatorKey.set(k);
            setKey(k);
          }}
        />
      ) : (
        <QueryBoundary query={projections} label="read models">
          {(reply) => <ReadModelsTable reply={reply} busy={busy} onRebuild={start} />}
        </QueryBoundary>
      )}
    </div>
  );
}
