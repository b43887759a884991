-- Provider invoice callbacks, stored before they are acknowledged and applied after the answer ("store,
-- acknowledge, apply"). One row per (provider invoice, PAID|EXPIRED): a repeated delivery meets the unique key.
-- outcome stays NULL until the row is applied (processed, duplicate, ignored) or gives up (failed);
-- next_attempt_at is when a processor may claim it next (a claim leases it, a failure backs it off).
CREATE TABLE commerce.gateway_callbacks (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  gateway_invoice_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('PAID', 'EXPIRED')),
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  outcome text CHECK (outcome IN ('processed', 'duplicate', 'ignored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gateway_invoice_id, status)
);
CREATE INDEX gateway_callbacks_due ON commerce.gateway_callbacks (next_attempt_at) WHERE outcome IS NULL;
