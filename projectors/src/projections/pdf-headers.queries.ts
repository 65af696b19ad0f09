import type { SqlClient } from '@evergrade/platform/sql';
import type { PdfHeaderRow } from './pdf-headers';

export type { PdfHeaderRow } from './pdf-headers';

/** A school's PDF header settings, or null when its admin never set them. */
export async function pdfHeadersOfTenant(db: SqlClient, tenant: string): Promise<PdfHeaderRow | null> {
  const { rows } = await db.query<PdfHeaderRow>('SELECT * FROM pdf_headers WHERE tenant = $1', [tenant]);
  return rows[0] ?? null;
}
