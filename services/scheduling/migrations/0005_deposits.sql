-- Deposits (issue 22 item 1): the tenant's hold (identity's settings.deposit_hold_minutes), the deposit an
-- appointment owes (the sum over its lines of each service's pricing.deposit at the booked price; 0 when none)
-- and when an unpaid one is released (booking time + the hold; null when it owes none).
ALTER TABLE scheduling.tenants ADD COLUMN deposit_hold_minutes integer;

ALTER TABLE scheduling.appointments
  ADD COLUMN deposit_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (deposit_amount >= 0),
  ADD COLUMN deposit_due_at timestamptz;

-- The release sweep's index: pending appointments still waiting for their deposit, soonest first.
CREATE INDEX appointments_deposit_due_idx ON scheduling.appointments (deposit_due_at)
  WHERE status = 'pending' AND deposit_due_at IS NOT NULL;
