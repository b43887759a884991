-- Waitlist offers (issue 22 item 2): a freed slot (a staff member's start on a local date) offered to one waiting
-- entry at a time, held until `expires_at` (the tenant's settings.waitlist_hold_minutes, kept in the replica).
ALTER TABLE scheduling.tenants ADD COLUMN waitlist_hold_minutes integer;

CREATE TABLE scheduling.waitlist_offers (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  entry_id char(24) NOT NULL REFERENCES scheduling.waitlist_entries (id) ON DELETE CASCADE,
  customer_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  service_id char(24) NOT NULL,
  staff_id char(24) NOT NULL,
  date date NOT NULL,
  start_time smallint NOT NULL CHECK (start_time BETWEEN 0 AND 1439),
  starts_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'offered'
    CHECK (status IN ('offered', 'accepted', 'declined', 'lapsed', 'withdrawn')),
  expires_at timestamptz NOT NULL,
  appointment_id char(24),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One slot is never offered to two customers at once.
CREATE UNIQUE INDEX waitlist_offers_live_slot ON scheduling.waitlist_offers (tenant_id, staff_id, date, start_time)
  WHERE status = 'offered';
-- An entry holds one offer at a time, so two slots freeing at once go to two customers.
CREATE UNIQUE INDEX waitlist_offers_live_entry ON scheduling.waitlist_offers (entry_id) WHERE status = 'offered';
-- A slot is offered to an entry once: after a decline or a lapse it goes to the next.
CREATE UNIQUE INDEX waitlist_offers_once ON scheduling.waitlist_offers (entry_id, staff_id, date, start_time);
