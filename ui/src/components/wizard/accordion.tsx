import { useId, useState, type ReactNode } from 'react';
import './wizard.css';

/** An optional section of a method screen (Reference Documents, Assessment Rubrics, Textbooks). */
export function Accordion({
  title,
  summary,
  children,
  defaultOpen = false,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="wz-accordion" data-open={open}>
      <button type="button" className="wz-accordion-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span className="wz-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="wz-accordion-title">{title}</span>
        <span className="text-muted wz-accordion-summary">{summary}</span>
      </button>
      {open && (
        <div id={id} className="wz-accordion-body">
          {children}
        </div>
      )}
    </section>
  );
}
