-- Identity: membership versions (identity.user.upserted.v1), what a tenant deactivation switched off (so that
-- reactivation restores exactly that), and the per-tenant appointment counter replica behind tenant stats.
ALTER TABLE identity.memberships
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deactivated_with_tenant boolean NOT NULL DEFAULT false;
CREATE INDEX memberships_tenant_idx ON identity.memberships (tenant_id, created_at, id);

ALTER TABLE identity.outlets
  ADD COLUMN deactivated_with_tenant boolean NOT NULL DEFAULT false;

-- One row per appointment with its latest known status (highest snapshot version wins), so redelivered and
-- out-of-order scheduling events are harmless.
CREATE TABLE identity.appointment_counters (
  appointment_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  status text NOT NULL,
  appointment_date date NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointment_counters_tenant_date_idx ON identity.appointment_counters (tenant_id, appointment_date);
