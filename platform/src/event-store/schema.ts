import type { Database } from '../sql/types';

// Any constant works; it only has to be the same in every process that migrates this table.
const MIGRATION_LOCK = 7_340_021_101;

const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS events (
    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    stream_id text NOT NULL,
    stream_version bigint NOT NULL CHECK (stream_version > 0),
    event_id uuid NOT NULL UNIQUE,
    type text NOT NULL,
    schema_version integer NOT NULL DEFAULT 1,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL DEFAULT '{}',
    command_id text,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, stream_version)
  )`,
  // command_id is set on the first event of an append only, so a command may append several events.
  `CREATE UNIQUE INDEX IF NOT EXISTS events_stream_command ON events (stream_id, command_id)
    WHERE command_id IS NOT NULL`,
  'CREATE INDEX IF NOT EXISTS events_transaction_position ON events (transaction_id, position)',
];

/** Idempotent; the advisory lock stops two processes starting together from racing on CREATE. */
export async function migrateEventStore(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    for (const statement of STATEMENTS) await tx.query(statement);
  });
}
