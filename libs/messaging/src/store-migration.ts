import { assertIdentifier, type Migration } from '@salon/service-kit';

/**
 * The outbox and inbox tables of one service's schema. The statement trigger notifies the relay at commit
 * (NOTIFY is transactional), so events leave promptly without tight polling.
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
  ];
}

export function outboxChannel(schema: string): string {
  return `${schema}_outbox`;
}
