-- One casing for payment statuses: package payments were written lowercase (completed, pending, failed) and
-- appointment payments uppercase; every payment now holds the spec's PENDING, PROCESSING, COMPLETED, FAILED,
-- CANCELLED or REFUNDED. The API keeps its own spelling per resource (the http/*.view.ts mappers).
UPDATE commerce.payments SET status = upper(status) WHERE status <> upper(status);

-- While a rollout still runs replicas of the previous release (which write package payments lowercase), what
-- they write is stored uppercase too. Drop this trigger once no such replica can run.
CREATE FUNCTION commerce.payments_status_upper() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := upper(NEW.status);
  RETURN NEW;
END;
$$;
CREATE TRIGGER payments_status_upper BEFORE INSERT OR UPDATE OF status ON commerce.payments
  FOR EACH ROW EXECUTE FUNCTION commerce.payments_status_upper();

ALTER TABLE commerce.payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED', 'REFUNDED'));

-- The correlation id of the request that created the invoice (a payment link, an appointment payment, billing's
-- subscription invoice): the events its provider callback causes carry it, so a booking can be followed from
-- the request that started paying to the confirmation. NULL for invoices made before it was recorded.
ALTER TABLE commerce.invoices ADD COLUMN correlation_id text;
