import { PDF_HEADERS_PROJECTION, noticeKeys, type DomainEvent, type PdfHeaderFormat } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** A school's PDF header formats and logo; a school without a row has the one `standard` format and no logo. */
export type PdfHeaderRow = {
  tenant: string;
  formats: PdfHeaderFormat[];
  default_format: PdfHeaderFormat;
  logo_image_id: string | null;
  /** The position of the last event that changed the row. */
  position: string;
};

const pdfHeadersTable: TableSpec<PdfHeaderRow> = {
  table: 'pdf_headers',
  key: ['tenant'],
  columns: ['tenant', 'formats', 'default_format', 'logo_image_id', 'position'],
};

type State = { headers: RowSet<PdfHeaderRow> };

/** Pure: the last settings of each school win; a redelivered event changes nothing. */
export function evolvePdfHeaders(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'SchoolPdfHeadersUpdated') return null;
  const tenant = tenantOf(recorded);
  const row = state.headers.get({ tenant });
  if (!row || row.position < recorded.globalPosition) {
    const { formats, defaultFormat, logoImageId } = event.data;
    state.headers.put({
      tenant,
      formats,
      default_format: defaultFormat,
      logo_image_id: logoImageId,
      position: recorded.globalPosition,
    });
  }
  return { tenant, keys: [noticeKeys.school()] };
}

/** PDF header formats per school. Serves GET /school/pdf-headers (every instructor's exports, the admin's settings). */
export const pdfHeadersProjection = defineProjection<State>({
  name: PDF_HEADERS_PROJECTION,
  version: 1,
  tables: ['pdf_headers'],
  handles: ['SchoolPdfHeadersUpdated'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS pdf_headers (
      tenant text PRIMARY KEY, formats text[] NOT NULL, default_format text NOT NULL, logo_image_id text,
      position text NOT NULL)`);
  },
  init: () => ({ headers: new RowSet(pdfHeadersTable) }),
  async load(tx, state, events) {
    await state.headers.load(
      tx,
      ofTypes(events, 'SchoolPdfHeadersUpdated').map((e) => ({ tenant: tenantOf(e) })),
    );
  },
  evolve: evolvePdfHeaders,
});
