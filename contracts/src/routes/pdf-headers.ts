import { z } from 'zod';
import { PDF_HEADER_FORMATS } from '../pdf-header-events';
import { CommandReplySchema, route } from './route';

/**
 * PDF header formats and logo of a school (spec document 2, sections 3 and 9): the admin sets them; every
 * instructor's client reads them before exporting (the header layout choice is offered only with more than one).
 */
export const PDF_LOGO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type PdfLogoType = keyof typeof PDF_LOGO_TYPES;
/** Largest logo an upload URL accepts: a header logo is small. */
export const PDF_LOGO_MAX_BYTES = 1024 * 1024;
/** A logo id: a uuid and png or jpg (it lives with the school's editor images). */
export const PDF_LOGO_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

export const PDF_HEADER_MESSAGES = {
  formatsRequired: 'Choose at least one header format',
  duplicateFormat: 'Each header format may be chosen once',
  defaultNotChosen: 'The default format must be one of the chosen formats',
  logoType: 'The logo must be a PNG or JPEG image',
  logoTooLarge: `The logo is larger than ${PDF_LOGO_MAX_BYTES / 1024 / 1024} MB`,
  logoNotFound: 'The logo was not uploaded (upload it again)',
} as const;

const formatSchema = z.enum(PDF_HEADER_FORMATS, { error: `A format is one of ${PDF_HEADER_FORMATS.join(', ')}` });

export const PdfHeadersSchema = z.object({
  /** The school's name, for the bordered header. */
  school_name: z.string(),
  formats: z.array(formatSchema),
  default_format: formatSchema,
  /** Where the logo is read from (GET /editor/images/…), or null. */
  logo_url: z.string().nullable(),
});
export type PdfHeaders = z.infer<typeof PdfHeadersSchema>;

/** A school that never chose: one `standard` format and no logo. */
export const DEFAULT_PDF_HEADERS: Omit<PdfHeaders, 'school_name'> = { formats: ['standard'], default_format: 'standard', logo_url: null };

export const SetPdfHeadersBodySchema = z
  .object({
    formats: z
      .array(formatSchema, { error: 'formats must be a list of formats' })
      .min(1, PDF_HEADER_MESSAGES.formatsRequired)
      .max(PDF_HEADER_FORMATS.length)
      .refine((f) => new Set(f).size === f.length, PDF_HEADER_MESSAGES.duplicateFormat),
    default_format: formatSchema,
    logo_id: z.string().regex(PDF_LOGO_ID_PATTERN, PDF_HEADER_MESSAGES.logoType).nullable().default(null),
  })
  .refine((b) => b.formats.includes(b.default_format), { message: PDF_HEADER_MESSAGES.defaultNotChosen, path: ['default_format'] });

export const pdfHeaderRoutes = {
  getPdfHeaders: route({
    method: 'GET',
    path: '/school/pdf-headers',
    kind: 'query',
    access: 'authenticated',
    summary: "The school's PDF header formats, the default one and the logo URL (anyone signed in to the school).",
    reply: PdfHeadersSchema,
  }),
  getPdfLogoUploadUrl: route({
    method: 'GET',
    path: '/admin/pdf-logo-upload-url',
    kind: 'command',
    access: 'admin',
    summary: 'An upload ticket for the PDF header logo (PNG or JPEG, at most 1 MB); PUT the file to upload_url.',
    querystring: z.object({
      content_type: z.string({ error: 'content_type is required' }).trim().min(1, 'content_type is required').max(100),
    }),
    reply: z.object({ upload_url: z.string(), logo_id: z.string() }),
  }),
  setPdfHeaders: route({
    method: 'POST',
    path: '/admin/set-pdf-headers',
    kind: 'command',
    access: 'admin',
    summary: "Set the school's PDF header formats, the default one and the logo (a logo_id from the upload ticket, or null).",
    body: SetPdfHeadersBodySchema,
    reply: CommandReplySchema,
  }),
} as const;
