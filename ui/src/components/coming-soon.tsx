import type { ReactNode } from 'react';
import { SparkIcon } from './icons';

/** A tidy placeholder for a page that is on the roadmap but not in this build. */
export function ComingSoon({ title, children, points = [] }: { title: string; children: ReactNode; points?: string[] }) {
  return (
    <div className="page">
      <section className="card coming-soon" data-testid="coming-soon">
        <div className="coming-soon-icon">
          <SparkIcon width={28} height={28} />
        </div>
        <span className="badge badge-accent">Coming soon</span>
        <h3 className="card-title">{title}</h3>
        <p className="text-muted">{children}</p>
        {points.length > 0 && (
          <ul className="coming-soon-points">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
