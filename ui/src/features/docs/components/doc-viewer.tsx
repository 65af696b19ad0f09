import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDocument } from '../api/get-document';
import type { ParsedDocument } from '../utils/parse-document';
import { scrollToSection, TocNav } from './toc-nav';

/** /docs/{docId}: the document with a sticky contents list; reloads when docId changes. */
export function DocViewer({ docId }: { docId: string }) {
  const doc = useDocument(docId);
  if (doc.isPending) {
    return (
      <div className="docs-state" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Loading documentation...</p>
      </div>
    );
  }
  if (doc.isError) {
    return (
      <div className="docs-state" data-testid="doc-not-found">
        <h1 className="page-title">Document Not Found</h1>
        <p className="text-muted">Document "{docId}" not found</p>
        <Link to="/docs" className="button button-secondary">
          ← Back to Docs
        </Link>
      </div>
    );
  }
  return <DocBody key={docId} doc={doc.data} />;
}

function useActiveSection(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
        if (visible[0]) setActive(visible[0].target.id);
      },
      { rootMargin: '-80px 0px -65% 0px' },
    );
    ids.forEach((id) => {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    });
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

function DocBody({ doc }: { doc: ParsedDocument }) {
  const [ids] = useState(() => doc.toc.map((e) => e.id));
  const active = useActiveSection(ids);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash) scrollToSection(hash);
  }, []);
  return (
    <div className="doc-layout">
      <aside className="doc-toc" aria-label="Contents">
        <Link to="/docs" className="doc-back">
          ← Back to Docs
        </Link>
        <button type="button" className="doc-toc-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          Contents
        </button>
        <div className={`doc-toc-body${open ? ' is-open' : ''}`}>
          <p className="doc-toc-heading">Contents</p>
          <TocNav toc={doc.toc} active={active} onPick={() => setOpen(false)} />
        </div>
      </aside>
      <article className="doc-content" data-testid="doc-content" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </div>
  );
}
