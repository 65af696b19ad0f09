import { useState } from 'react';

const monogram = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** A school's logo (or monogram) and name, above a tenant-branded form. */
export function SchoolBanner({ name, logoUrl, caption }: { name: string; logoUrl: string | null; caption?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="school-banner" data-testid="school-banner">
      {logoUrl && !broken ? (
        <img className="school-logo" src={logoUrl} alt="" onError={() => setBroken(true)} />
      ) : (
        <span className="school-logo school-monogram" aria-hidden="true">
          {monogram(name)}
        </span>
      )}
      <div className="school-banner-text">
        {caption && <span className="school-caption">{caption}</span>}
        <strong className="school-name">{name}</strong>
      </div>
    </div>
  );
}
