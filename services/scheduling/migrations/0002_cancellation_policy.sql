-- Scheduling: the tenant's cancellation deadline (identity's settings.cancellation_hours), and who cancelled
-- or last rescheduled an appointment, and when.
ALTER TABLE scheduling.tenants ADD COLUMN cancellation_hours integer;

ALTER TABLE scheduling.appointments
  ADD COLUMN cancelled_by_type text CHECK (cancelled_by_type IN ('customer', 'staff')),
  ADD COLUMN cancelled_by_id char(24),
  ADD COLUMN rescheduled_at timestamptz,
  ADD COLUMN rescheduled_by_type text CHECK (rescheduled_by_type IN ('customer', 'staff')),
  ADD COLUMN rescheduled_by_id char(24);
