-- The slot waitlist (issue 22 item 2): a customer waits for a service at an outlet on a local date, optionally
-- with one staff member and a time window. `status` is waiting (in the queue), booked (an offer was accepted) or
-- left (the customer left the queue). The queue's order is `created_at, id`.
CREATE TABLE scheduling.waitlist_entries (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  service_id char(24) NOT NULL,
  staff_id char(24),
  date date NOT NULL,
  -- the window, minutes since local midnight; null: any time of the day
  window_start smallint CHECK (window_start BETWEEN 0 AND 1439),
  window_end smallint CHECK (window_end BETWEEN 1 AND 1440),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'booked', 'left')),
  appointment_id char(24),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (window_start IS NULL OR window_end IS NULL OR window_start < window_end)
);
-- One live entry per customer, service, outlet, date and staff choice: joining twice is 409.
CREATE UNIQUE INDEX waitlist_entries_once_key ON scheduling.waitlist_entries
  (tenant_id, customer_id, service_id, outlet_id, date, coalesce(staff_id, ''))
  WHERE status = 'waiting';
-- The queue of a day (staff list and, later, the offers' "first waiting").
CREATE INDEX waitlist_entries_day_idx ON scheduling.waitlist_entries (tenant_id, date, outlet_id, created_at, id);
CREATE INDEX waitlist_entries_customer_idx ON scheduling.waitlist_entries (tenant_id, customer_id, created_at DESC);
