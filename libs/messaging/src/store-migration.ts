import { assertIdentifier, type Migration } from '@salon/service-kit';

/**
 * The outbox and inbox tables of one service's schema. The relay is woken in-process after each commit that
 * wrote to the outbox (see outbox-signal.ts); the NOTIFY trigger of the first two steps is gone since the third.
 */
export function messagingMigrations(schema: string): Migration[] {
  assertIdentifier(schema);
  return [
    {
      name: 'messaging_0001_outbox_inbox',
      sql: `
CREATE TABLE "${schema}".outbox (
  seq bigserial PRIMARY KEY,
  event_id char(24) NOT NULL UNIQUE,
  event_type text NOT NULL,
  envelope jsonb NOT NULL,
  deliver_at timestamptz,
  delay_target text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION "${schema}".outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${schema}_outbox', '');
  RETURN NULL;
END $$;
CREATE TRIGGER outbox_notify AFTER INSERT ON "${schema}".outbox
  FOR EACH STATEMENT EXECUTE FUNCTION "${schema}".outbox_notify();
CREATE TABLE "${schema}".inbox (
  consumer text NOT NULL,
  event_id char(24) NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
CREATE INDEX inbox_processed_at ON "${schema}".inbox (processed_at);
`,
    },
    {
      // NOTIFY takes a database-wide lock at commit and holds it until the commit is done, so writers that
      // all notify commit one after another (8 writers of 10-event transactions, no relay: about 4,500
      // events/s with a NOTIFY per commit, 11,000 without). Notify only when the statement's rows are the
      // only ones visible: otherwise a relay is busy with that backlog and polls again after each batch and
      // after it drained (see OutboxRelay).
      name: 'messaging_0002_outbox_notify_when_idle',
      sql: `
CREATE OR REPLACE FUNCTION "${schema}".outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_seq bigint;
  last_seq bigint;
BEGIN
  SELECT min(seq), max(seq) INTO first_seq, last_seq FROM new_rows;
  IF NOT EXISTS (SELECT 1 FROM "${schema}".outbox WHERE seq < first_seq)
     AND NOT EXISTS (SELECT 1 FROM "${schema}".outbox WHERE seq > last_seq) THEN
    PERFORM pg_notify('${schema}_outbox', '');
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER outbox_notify ON "${schema}".outbox;
CREATE TRIGGER outbox_notify AFTER INSERT ON "${schema}".outbox REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "${schema}".outbox_notify();
`,
    },
    {
      // Even notifying only an empty outbox, a relay that keeps up leaves it empty, so nearly every commit
      // notified and took NOTIFY's database-wide lock through its WAL flush: commits queued one behind the
      // other (pgbench, 8 clients, one row per transaction: ~470 commits/s with the NOTIFY, 1,000/s offered
      // kept up at 4 ms without). The store wakes its process's relays after commit instead.
      name: 'messaging_0003_outbox_without_notify',
      sql: `
DROP TRIGGER outbox_notify ON "${schema}".outbox;
DROP FUNCTION "${schema}".outbox_notify();
`,
    },
  ];
}
