import { useEffect, useState } from 'react';

/** The selected PDF as the browser shows it (an object URL, revoked when the file changes). */
export function PdfPreview({ file, name }: { file: File; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  if (!url)
    return (
      <div className="gr-preview gr-preview-empty" data-testid="pdf-preview">
        Preview of {name}
      </div>
    );
  return <iframe className="gr-preview" src={url} title={`Preview of ${name}`} data-testid="pdf-preview" />;
}
