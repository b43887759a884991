-- Notifications: scheduled notifications on two tiers, their deliveries, monthly channel usage, an audit log,
-- and replicas of the foreign facts a message needs (tenant, outlet, customer, staff, appointment).

CREATE TABLE notifications.scheduled_notifications (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  -- booking_confirmation, staff_booking_notice, appointment_reminder, payment_link
  kind text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'PROMOTED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED')),
  -- DATABASE (waiting for promotion) or TASK_QUEUE (a task is on the delay ladder)
  tier text NOT NULL CHECK (tier IN ('DATABASE', 'TASK_QUEUE')),
  scheduled_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  retry_count integer NOT NULL DEFAULT 0,
  -- customer or staff
  recipient_type text NOT NULL CHECK (recipient_type IN ('customer', 'staff')),
  recipient_id char(24),
  -- {name, email, phone} as known when scheduled; the customer replica wins at send time
  recipient jsonb NOT NULL,
  channels text[] NOT NULL,
  template text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  appointment_id char(24),
  -- one notification per purpose, e.g. reminder:<appointment>:24h, confirmation:<payment>
  dedupe_key text NOT NULL,
  sent_via text[] NOT NULL DEFAULT '{}',
  -- [{channel, reason, error}]
  failed_channels jsonb NOT NULL DEFAULT '[]',
  last_error text,
  promoted_at timestamptz,
  processed_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, dedupe_key)
);
CREATE INDEX scheduled_notifications_due_idx ON notifications.scheduled_notifications (status, scheduled_at);
CREATE INDEX scheduled_notifications_appointment_idx ON notifications.scheduled_notifications (tenant_id, appointment_id);
CREATE INDEX scheduled_notifications_recipient_idx ON notifications.scheduled_notifications (tenant_id, recipient_id);

-- One row per channel attempt: sent, failed (provider error) or blocked (quota, preference, no address).
CREATE TABLE notifications.deliveries (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  notification_id char(24),
  recipient_id char(24),
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'whatsapp', 'sms', 'push')),
  status text NOT NULL CHECK (status IN ('sent', 'failed', 'blocked')),
  reason text,
  provider_message_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_notification_idx ON notifications.deliveries (notification_id);
CREATE INDEX deliveries_recipient_idx ON notifications.deliveries (tenant_id, recipient_id);

-- Messages sent per tenant, channel and UTC month (YYYY-MM), checked against the plan's monthly quota.
CREATE TABLE notifications.channel_usage (
  tenant_id char(24) NOT NULL,
  month char(7) NOT NULL,
  channel text NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, month, channel)
);

CREATE TABLE notifications.audit_log (
  id char(24) PRIMARY KEY,
  tenant_id char(24),
  notification_id char(24),
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_notification_idx ON notifications.audit_log (notification_id);

-- Replicas (event-carried state); each applies an event only when newer than what it holds.
CREATE TABLE notifications.tenants (
  tenant_id char(24) PRIMARY KEY,
  name text NOT NULL,
  timezone text NOT NULL,
  language text NOT NULL,
  currency char(3) NOT NULL,
  version bigint NOT NULL
);

CREATE TABLE notifications.outlets (
  outlet_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  address text,
  timezone text NOT NULL,
  version bigint NOT NULL
);

CREATE TABLE notifications.customers (
  customer_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  email text,
  phone text,
  preferences jsonb NOT NULL,
  version bigint NOT NULL
);

CREATE TABLE notifications.staff (
  staff_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  email text,
  phone text,
  version bigint NOT NULL
);

CREATE TABLE notifications.appointments (
  appointment_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  -- the newest scheduling.appointment.* snapshot
  snapshot jsonb NOT NULL,
  version bigint NOT NULL
);
