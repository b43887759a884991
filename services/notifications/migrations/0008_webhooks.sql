-- Outbound webhooks for integrators (docs/webhooks.md): a tenant's endpoints, one delivery per endpoint and
-- message (the webhook-id stays the same on every attempt), and each attempt's outcome.

CREATE TABLE notifications.webhook_endpoints (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  url text NOT NULL,
  description text,
  event_types text[] NOT NULL,
  -- whsec_<base64>: the HMAC key; kept to sign with, shown to the tenant once
  secret text NOT NULL,
  status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
  disabled_reason text CHECK (disabled_reason IN ('failing', 'paused')),
  disabled_at timestamptz,
  -- the first failed attempt since the last success
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_tenant_idx ON notifications.webhook_endpoints (tenant_id);

CREATE TABLE notifications.webhook_deliveries (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  endpoint_id char(24) NOT NULL REFERENCES notifications.webhook_endpoints (id) ON DELETE CASCADE,
  -- the webhook-id header and the body's id: msg_<event id>[_<type suffix>]
  message_id text NOT NULL,
  event_type text NOT NULL,
  -- deliveries with the same key (the appointment) go to an endpoint one at a time, in occurred_at order
  ordering_key text,
  occurred_at timestamptz NOT NULL,
  -- the exact JSON body sent (signed as is on every attempt)
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  -- attempts made so far; a task carries the count it expects, so a duplicate task skips
  attempt_count integer NOT NULL DEFAULT 0,
  -- the retry window starts here (a replay starts it again)
  window_started_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_endpoint_idx ON notifications.webhook_deliveries (endpoint_id, created_at DESC);
CREATE INDEX webhook_deliveries_order_idx ON notifications.webhook_deliveries (endpoint_id, ordering_key, occurred_at)
  WHERE status = 'pending';

CREATE TABLE notifications.webhook_attempts (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  delivery_id char(24) NOT NULL REFERENCES notifications.webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  status_code integer,
  response_body text,
  error text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_delivery_idx ON notifications.webhook_attempts (delivery_id, attempt);
