-- Calendar feeds (issue 22 item 5): a secret ICS feed URL per staff member and per customer. Only the SHA-256 of
-- the token is stored; creating a new one (rotation) or revoking sets revoked_at, and a revoked token is 404.
CREATE TABLE scheduling.calendar_feeds (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  owner_type text NOT NULL CHECK (owner_type IN ('staff', 'customer')),
  owner_id char(24) NOT NULL,
  token_hash char(64) NOT NULL UNIQUE,
  created_by_type text NOT NULL CHECK (created_by_type IN ('customer', 'staff')),
  created_by_id char(24) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
-- One live feed per owner: a rotation revokes the old row in the same transaction as it inserts the new one.
CREATE UNIQUE INDEX calendar_feeds_live_owner_key ON scheduling.calendar_feeds (tenant_id, owner_type, owner_id)
  WHERE revoked_at IS NULL;
