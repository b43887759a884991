-- The release of unpaid deposits (issue 22 item 1): the platform cancels a pending booking whose deposit is still
-- unpaid at deposit_due_at. No person cancelled it (cancelled_by_type stays null); the reason says why.
ALTER TABLE scheduling.appointments
  ADD COLUMN cancellation_reason text CHECK (cancellation_reason IN ('deposit_unpaid'));
