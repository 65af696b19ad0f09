import { z } from 'zod';
import { route } from './route';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} is required` })
    .int(`${name} must be an integer`)
    .positive(`${name} is required`)
    .max(2 ** 31 - 1, `${name} is too large`);

export const ResponseCropQuerySchema = z.object({
  assignment_id: id('assignment_id'),
  student_id: id('student_id'),
  question_id: id('question_id'),
});
export type ResponseCropQuery = z.infer<typeof ResponseCropQuerySchema>;

export const RESPONSE_CROP_MESSAGES = {
  noCrop: 'There is no page image for this answer: it was not read from an uploaded PDF, or its place on the page is not known.',
  noFile: 'The uploaded PDF for this submission is no longer stored.',
} as const;

export const responseCropRoutes = {
  getResponseCrop: route({
    method: 'GET',
    path: '/grader/response-crop',
    kind: 'command',
    access: 'instructor',
    summary:
      "The part of the student's uploaded PDF page where an answer was read (a PNG; the whole page when the place is not known, e.g. read by a vision model), so the instructor can check the read text. Only an instructor who teaches the assignment's course; 404 when the answer was not read from a PDF.",
    querystring: ResponseCropQuerySchema,
    reply: z.string().meta({ format: 'binary', description: 'image/png' }),
  }),
} as const;
