-- Identity: password reset codes and the sessions that have ended, which the gateway holds to refuse their
-- access tokens at once.

-- One current reset code per account (a staff user or a customer), stored as a SHA-256 hash; a new request
-- replaces it.
CREATE TABLE identity.password_reset_codes (
  account_type text NOT NULL CHECK (account_type IN ('staff', 'customer')),
  account_id char(24) NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_type, account_id)
);

-- Every reset request of an account, for its hourly limit; rows older than a day are pruned as new ones come.
CREATE TABLE identity.password_reset_requests (
  account_type text NOT NULL,
  account_id char(24) NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_account_idx
  ON identity.password_reset_requests (account_type, account_id, requested_at);

-- A session (a customer session, or a staff refresh-token family) that has ended, kept until every access
-- token it issued has expired (`until`). The gateway polls the rows revoked since its last look.
CREATE TABLE identity.revoked_sessions (
  session_id char(24) PRIMARY KEY,
  until timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX revoked_sessions_revoked_at_idx ON identity.revoked_sessions (revoked_at);
CREATE INDEX revoked_sessions_until_idx ON identity.revoked_sessions (until);

ALTER TABLE identity.refresh_tokens ADD COLUMN revoked_reason text;
CREATE INDEX refresh_tokens_user_idx ON identity.refresh_tokens (user_id, expires_at);
