import type { FastifyInstance } from 'fastify';
import { DEFAULT_PDF_HEADERS, PDF_HEADERS_PROJECTION, routePath, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { pdfHeadersOfTenant, tenantById } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/**
 * The school's PDF header settings to anyone signed in to the school (the session's tenant: never another school's).
 * Nothing in them is private: the school's name, the format names and the logo, which its pages show anyway.
 */
export function pdfHeaderQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getPdfHeaders, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PDF_HEADERS_PROJECTION]);
    const [row, school] = await Promise.all([pdfHeadersOfTenant(deps.db, tenant), tenantById(deps.db, tenant)]);
    const school_name = school?.name ?? '';
    if (!row) return { ...DEFAULT_PDF_HEADERS, school_name };
    return {
      school_name,
      formats: row.formats,
      default_format: row.default_format,
      logo_url: row.logo_image_id ? routePath(routes.getEditorImage.path, { imageId: row.logo_image_id }) : null,
    };
  });
}
