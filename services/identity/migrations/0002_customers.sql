-- Identity: customers of a tenant, their sessions and verification codes, and the audit log.
CREATE TABLE identity.customers (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL REFERENCES identity.tenants (id),
  email text,
  phone text,
  -- NULL for walk-in customers (created by staff without a password): no portal access.
  password_hash text,
  first_name text NOT NULL,
  last_name text,
  date_of_birth date,
  gender text CHECK (gender IN ('male', 'female', 'other', 'prefer_not_to_say')),
  address text,
  avatar_url text,
  tags jsonb NOT NULL DEFAULT '[]',
  email_verified boolean NOT NULL DEFAULT false,
  phone_verified boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  is_deleted boolean NOT NULL DEFAULT false,
  preferences jsonb NOT NULL,
  consent_updated_at timestamptz,
  loyalty_points integer NOT NULL DEFAULT 0,
  total_spent numeric(14, 2) NOT NULL DEFAULT 0,
  total_appointments integer NOT NULL DEFAULT 0,
  last_appointment_date date,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
-- E-mail and phone are unique per tenant among customers that are not soft-deleted.
CREATE UNIQUE INDEX customers_email_key ON identity.customers (tenant_id, lower(email)) WHERE NOT is_deleted;
CREATE UNIQUE INDEX customers_phone_key ON identity.customers (tenant_id, phone) WHERE NOT is_deleted;
CREATE INDEX customers_login_email_idx ON identity.customers (lower(email)) WHERE NOT is_deleted;
CREATE INDEX customers_login_phone_idx ON identity.customers (phone) WHERE NOT is_deleted;
CREATE INDEX customers_tenant_created_idx ON identity.customers (tenant_id, created_at DESC, id DESC);

-- A login is a session (30 days); the refresh token in use is its refresh_jti (rotated on every refresh).
CREATE TABLE identity.customer_sessions (
  id char(24) PRIMARY KEY,
  customer_id char(24) NOT NULL REFERENCES identity.customers (id) ON DELETE CASCADE,
  tenant_id char(24) NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'invalidated')),
  refresh_jti char(24) NOT NULL,
  login_at timestamptz NOT NULL DEFAULT now(),
  last_activity timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  invalidated_at timestamptz,
  invalidation_reason text
    CHECK (invalidation_reason IN ('logout', 'logout_all_devices', 'password_changed', 'security', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_sessions_customer_idx ON identity.customer_sessions (customer_id, status);

-- One current code per customer and channel, stored as a SHA-256 hash.
CREATE TABLE identity.customer_verification_codes (
  customer_id char(24) NOT NULL REFERENCES identity.customers (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, channel)
);

CREATE TABLE identity.audit_log (
  id char(24) PRIMARY KEY,
  tenant_id char(24),
  actor_type text NOT NULL CHECK (actor_type IN ('customer', 'staff', 'system')),
  actor_id char(24),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id char(24),
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON identity.audit_log (tenant_id, created_at DESC, id DESC);
