-- Identity: which staff members (scheduling) and services (catalog) exist in a tenant, and whether they can
-- still be preferred, so a customer's preferences name only real ones. Fed by their upserted, terminated and
-- archived events; the newest version wins.
CREATE TABLE identity.staff_replicas (
  staff_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX staff_replicas_tenant_idx ON identity.staff_replicas (tenant_id);

CREATE TABLE identity.service_replicas (
  service_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX service_replicas_tenant_idx ON identity.service_replicas (tenant_id);
