import { useRef, useState, type ChangeEvent } from 'react';
import type { ReplyOf } from '@evergrade/contracts';
import { UploadIcon } from '../../../components/icons';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';
import { readCsvFile } from '../utils/csv-file';

type Result = ReplyOf<'importPreapprovedStudents'>;

/** Pre-approve many addresses at once: one per line, or a CSV with an "email" column. */
export function CsvImport() {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importCsv = useAdminCommand('importPreapprovedStudents');

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFileName(file.name);
    setResult(null);
    setError(null);
    const read = await readCsvFile(file);
    if ('error' in read) return setError(read.error);
    importCsv.mutate({ csv: read.csv }, { onSuccess: setResult, onError: (err) => setError(errorText(err)) });
  };

  return (
    <div className="csv-import" data-testid="csv-import">
      <div className="csv-drop">
        <div>
          <p className="csv-title">Import from a CSV file</p>
          <p className="text-muted small">
            One address per line, or a column headed <code>email</code>. Addresses already approved are skipped.
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="visually-hidden"
          aria-label="CSV file of student emails"
          onChange={(e) => void onFile(e)}
        />
        <button type="button" className="button button-secondary" onClick={() => input.current?.click()} disabled={importCsv.isPending}>
          <UploadIcon /> {importCsv.isPending ? `Importing ${fileName ?? ''}…` : 'Choose CSV file'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="csv-result" role="status" data-testid="csv-result">
          <p>
            <strong>{fileName}</strong>: <span className="text-success">{result.added.length} added</span>
            {' · '}
            <span className={result.skipped.length ? 'text-warning' : 'text-muted'}>{result.skipped.length} skipped</span>
          </p>
          {result.skipped.length > 0 && (
            <table className="table table-compact">
              <thead>
                <tr>
                  <th>Line</th>
                  <th>Value</th>
                  <th>Reason</th>
                </tr>
              </thead>
              <tbody>
                {result.skipped.map((s) => (
                  <tr key={`${s.line}:${s.value}`}>
                    <td>{s.line}</td>
                    <td className="mono">{s.value || '—'}</td>
                    <td>{s.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
