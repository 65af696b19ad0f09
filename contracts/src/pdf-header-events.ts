import { z } from 'zod';

/**
 * A school's PDF header formats (spec document 2, section 3: tenant configuration for PDF headers). An event on
 * the school's stream `tenant:{tenant}`, set by the school admin; read by every instructor's PDF exports.
 */
export const PDF_HEADER_FORMATS = ['standard', 'bordered', 'logo-line'] as const;
export type PdfHeaderFormat = (typeof PDF_HEADER_FORMATS)[number];

/** The read model of header formats (for read-your-writes). */
export const PDF_HEADERS_PROJECTION = 'pdf-headers';

export const SchoolPdfHeadersUpdatedSchema = z.object({
  type: z.literal('SchoolPdfHeadersUpdated'),
  data: z.object({
    formats: z.array(z.enum(PDF_HEADER_FORMATS)),
    defaultFormat: z.enum(PDF_HEADER_FORMATS),
    /** An image id under the school's images (`{uuid}.png|jpg`), served by GET /editor/images/:imageId; null: no logo. */
    logoImageId: z.string().nullable(),
    updatedAt: z.iso.datetime({ offset: true }),
  }),
});

export const PDF_HEADER_EVENT_SCHEMAS = [SchoolPdfHeadersUpdatedSchema] as const;
