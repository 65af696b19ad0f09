import { QueryBoundary } from '../../../components/query-boundary';
import { useAdminSchool } from '../../../features/admin/api/get-school';
import { BrandingCard } from '../../../features/admin/components/branding-card';
import { DomainsCard } from '../../../features/admin/components/domains-card';
import { PdfHeadersCard } from '../../../features/admin/components/pdf-headers-card';
import { PreapprovedCard } from '../../../features/admin/components/preapproved-card';
import { AnalystsCard } from '../../../features/admin/components/analysts-card';

export function AdminSchoolRoute() {
  const school = useAdminSchool();
  return (
    <div className="page page-medium">
      <div className="page-head">
        <div>
          <h2 className="page-title">Your school</h2>
          <p className="text-muted">Branding, who may sign up, and the links to share.</p>
        </div>
      </div>
      <QueryBoundary query={school} label="your school">
        {(s) => (
          <>
            <BrandingCard key={`${s.name}|${s.logo_url}`} school={s} />
            <PdfHeadersCard />
            <DomainsCard domains={s.authorized_domains} />
            <PreapprovedCard students={s.preapproved_students} />
            <AnalystsCard names={s.analyst_names} />
          </>
        )}
      </QueryBoundary>
    </div>
  );
}
