-- Identity: tenants, outlets, staff users and their memberships, refresh tokens.
CREATE TABLE identity.tenants (
  id char(24) PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  email text NOT NULL,
  phone text,
  description text,
  website text,
  is_active boolean NOT NULL DEFAULT true,
  subscription_id char(24) NOT NULL,
  client_partner_id text NOT NULL,
  client_partner_number text NOT NULL,
  settings jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tenants_name_key ON identity.tenants (lower(name));
CREATE UNIQUE INDEX tenants_slug_key ON identity.tenants (slug);
CREATE UNIQUE INDEX tenants_email_key ON identity.tenants (lower(email));
CREATE UNIQUE INDEX tenants_phone_key ON identity.tenants (phone);
CREATE INDEX tenants_created_at_idx ON identity.tenants (created_at DESC, id DESC);

-- A user is global by e-mail; SUPER_ADMIN is platform-wide and has no membership.
CREATE TABLE identity.users (
  id char(24) PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  is_super_admin boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON identity.users (lower(email));

CREATE TABLE identity.memberships (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL REFERENCES identity.tenants (id),
  user_id char(24) NOT NULL REFERENCES identity.users (id),
  role text NOT NULL CHECK (role IN ('TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF', 'RECEPTIONIST')),
  outlet_ids jsonb NOT NULL DEFAULT '[]',
  staff_id char(24),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id)
);
CREATE INDEX memberships_user_idx ON identity.memberships (user_id);

CREATE TABLE identity.outlets (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL REFERENCES identity.tenants (id),
  name text NOT NULL,
  slug text NOT NULL,
  address text,
  phone text,
  timezone text NOT NULL,
  business_hours jsonb NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, slug)
);
CREATE INDEX outlets_tenant_idx ON identity.outlets (tenant_id, created_at);

-- Staff sign-in: the short-lived token between login and organisation selection (stored hashed).
CREATE TABLE identity.login_tokens (
  token_hash text PRIMARY KEY,
  user_id char(24) NOT NULL REFERENCES identity.users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Refresh tokens by jti; a family is one sign-in. A used token presented again revokes its family.
CREATE TABLE identity.refresh_tokens (
  jti char(24) PRIMARY KEY,
  family_id char(24) NOT NULL,
  user_id char(24) NOT NULL,
  tenant_id char(24),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON identity.refresh_tokens (family_id);
