import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { DocIcon } from '../../../components/icons';
import type { DocEntry } from '../utils/catalogue';

export function DocsIndex({ docs }: { docs: DocEntry[] }) {
  return (
    <div className="docs-index">
      <div className="docs-hero">
        <h1 className="page-title">Documentation</h1>
        <p className="text-muted">Guides and references for everyone who uses Evergrade.</p>
      </div>
      {docs.length === 0 ? (
        <EmptyState title="No Documentation Available" />
      ) : (
        <ul className="docs-grid">
          {docs.map((d) => (
            <li key={d.id}>
              <Link to={`/docs/${d.id}`} className="card doc-card" data-testid={`doc-card-${d.id}`}>
                <span className="doc-card-icon" aria-hidden="true">
                  <DocIcon />
                </span>
                <span className="doc-card-title">{d.title}</span>
                <span className="doc-card-desc">{d.description}</span>
                <span className="doc-card-foot">
                  <span className="badge badge-success">{d.status}</span>
                  <span className="mono small text-muted">{d.id}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
