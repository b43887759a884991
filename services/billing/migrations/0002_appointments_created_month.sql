-- Billing: the monthly appointment count is the one scheduling's plan check uses: appointments created in the
-- tenant's calendar month (its time zone), cancelled ones excluded. Rows from before this change take their
-- date as their creation, in UTC, until their next event brings the real one.
ALTER TABLE billing.appointments
  ADD COLUMN created_at timestamptz,
  ADD COLUMN timezone text NOT NULL DEFAULT 'UTC';
UPDATE billing.appointments SET created_at = appointment_date::timestamp AT TIME ZONE 'UTC';
ALTER TABLE billing.appointments ALTER COLUMN created_at SET NOT NULL;
CREATE INDEX appointments_tenant_created_idx ON billing.appointments (tenant_id, created_at);
