import { useState, type FormEvent } from 'react';
import { PDF_HEADER_FORMATS, type PdfHeaderFormat, type PdfHeaders } from '@evergrade/contracts';
import { usePdfHeaders } from '../../../api/get-pdf-headers';
import { toast } from '../../../stores/toast';
import { uploadPdfLogo, useSetPdfHeaders } from '../api/pdf-headers';
import { errorText } from '../utils/error-text';
import '../../../components/export-menu.css';

const FORMATS: Record<PdfHeaderFormat, { label: string; hint: string }> = {
  standard: { label: 'Standard', hint: 'Title, course and date above a thin line.' },
  bordered: { label: 'Bordered header', hint: 'School name, title, course and date in a box.' },
  'logo-line': { label: 'Line with logo', hint: 'Title on the left, your logo at the top right, a strong line below.' },
};

const logoIdOf = (url: string | null) => (url ? (url.split('/').pop() ?? null) : null);

/** The header formats of exported PDFs and the logo they show; instructors choose among several when they download. */
export function PdfHeadersCard() {
  const headers = usePdfHeaders();
  if (!headers.data) return null;
  return <PdfHeadersForm key={JSON.stringify(headers.data)} current={headers.data} />;
}

function PdfHeadersForm({ current }: { current: PdfHeaders }) {
  const [formats, setFormats] = useState<PdfHeaderFormat[]>(current.formats);
  const [defaultFormat, setDefaultFormat] = useState<PdfHeaderFormat>(current.default_format);
  const [logo, setLogo] = useState<{ id: string | null; preview: string | null }>({
    id: logoIdOf(current.logo_url),
    preview: current.logo_url,
  });
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSetPdfHeaders();

  const toggle = (f: PdfHeaderFormat, on: boolean) => {
    const next = PDF_HEADER_FORMATS.filter((x) => (x === f ? on : formats.includes(x)));
    setFormats(next);
    if (!next.includes(defaultFormat) && next[0]) setDefaultFormat(next[0]);
  };
  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const id = await uploadPdfLogo(file);
      setLogo({ id, preview: URL.createObjectURL(file) });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The logo could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { formats, default_format: defaultFormat, logo_id: logo.id },
      { onSuccess: () => toast.success('PDF headers saved'), onError: (err) => setError(errorText(err)) },
    );
  };

  return (
    <section className="card" aria-labelledby="pdf-headers-heading" data-testid="pdf-headers-card">
      <div className="card-head">
        <h3 className="card-title" id="pdf-headers-heading">
          PDF headers
        </h3>
        <p className="text-muted small">How downloaded assignment and graded PDFs begin. With more than one format, instructors choose.</p>
      </div>
      <form className="form-stack" onSubmit={submit} noValidate>
        <fieldset className="field pdf-headers-formats">
          <legend className="field-label">Formats</legend>
          {PDF_HEADER_FORMATS.map((f) => (
            <label key={f} className="pdf-headers-option">
              <input type="checkbox" checked={formats.includes(f)} onChange={(e) => toggle(f, e.target.checked)} />
              <span>
                <strong>{FORMATS[f].label}</strong>
                <span className="text-muted small"> {FORMATS[f].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field-label">Default format</span>
          <select className="input" value={defaultFormat} onChange={(e) => setDefaultFormat(e.target.value as PdfHeaderFormat)}>
            {formats.map((f) => (
              <option key={f} value={f}>
                {FORMATS[f].label}
              </option>
            ))}
          </select>
        </label>
        <div className="field">
          <span className="field-label">
            Logo <span className="text-muted">(PNG or JPEG, at most 1 MB)</span>
          </span>
          <div className="pdf-headers-logo">
            {logo.preview ? (
              <img src={logo.preview} alt="School logo for PDF headers" />
            ) : (
              <span className="text-muted small">No logo</span>
            )}
            <label className="button button-secondary">
              {uploading ? 'Uploading…' : logo.id ? 'Replace logo' : 'Upload logo'}
              <input
                type="file"
                accept="image/png,image/jpeg"
                className="visually-hidden"
                aria-label="Logo file"
                disabled={uploading}
                onChange={(e) => void pickLogo(e.target.files?.[0])}
              />
            </label>
            {logo.id && (
              <button type="button" className="button button-ghost" onClick={() => setLogo({ id: null, preview: null })}>
                Remove logo
              </button>
            )}
          </div>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="button button-primary" disabled={formats.length === 0 || uploading || save.isPending}>
            Save PDF headers
          </button>
        </div>
      </form>
    </section>
  );
}
