export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="logo-mark">
      <rect width="32" height="32" rx="9" fill="var(--brand)" />
      <path d="M16 6c5 3 7 7 6 12-1 4-4 7-6 8-2-1-5-4-6-8-1-5 1-9 6-12Z" fill="var(--brand-contrast)" opacity=".22" />
      <path
        d="M10 16.5l4.2 4.2L22.5 11"
        stroke="var(--brand-contrast)"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo-word">Evergrade</span>
    </span>
  );
}
