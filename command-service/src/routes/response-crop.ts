import type { FastifyInstance } from 'fastify';
import { NotFoundError, RESPONSE_CROP_MESSAGES, routes, type ResponseReading } from '@evergrade/contracts';
import { clampBox, renderPdfRegionPng, type PageBox } from '@evergrade/documents';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { loadGrading, loadGradingAssignment, requireStudent } from '../grading/context';
import { readingOfResponse } from '../pdf-submission/grade-as-read';

/** Room around an answer's region, as shares of the page, so the writing is not cut at its edges (less above and below, where the neighbouring answers are). */
const PAD_X = 0.01;
const PAD_Y = 0.003;
const WHOLE_PAGE: PageBox = { x: 0, y: 0, w: 1, h: 1 };

/**
 * The student's page beside the read text: the region of the uploaded PDF where an answer was read, as a PNG. Only an
 * instructor who teaches the course (anyone else, another school included, hears 404, so ids reveal nothing).
 */
export function responseCropRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getResponseCrop, async (request, reply) => {
    const s = sessionOf(request);
    const { assignment_id, student_id, question_id } = request.query;
    const assignment = await loadGradingAssignment(deps.store, s.tenant, assignment_id, s.userId);
    requireStudent(assignment, student_id);
    const grading = await loadGrading(deps.store, s.tenant, assignment_id, student_id);
    const reading =
      grading.source === 'file' ? await readingOfResponse(deps.store, s.tenant, assignment_id, student_id, question_id) : null;
    if (!grading.fileKey || !reading || reading.page === null) throw new NotFoundError(RESPONSE_CROP_MESSAGES.noCrop);
    const blob = await deps.blobs.get(grading.fileKey);
    if (!blob) throw new NotFoundError(RESPONSE_CROP_MESSAGES.noFile);
    const png = await renderPdfRegionPng(blob.body, reading.page, regionOf(reading));
    return reply
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'")
      .send(png);
  });
}

function regionOf(reading: ResponseReading): PageBox {
  const b = reading.box;
  return b ? clampBox({ x: b.x - PAD_X, y: b.y - PAD_Y, w: b.w + 2 * PAD_X, h: b.h + 2 * PAD_Y }) : WHOLE_PAGE;
}
