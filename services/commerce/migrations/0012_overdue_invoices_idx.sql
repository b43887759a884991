-- The invoice expiry sweep looks for pending invoices past their due date every hour; this index lets it find
-- them without scanning every invoice ever issued.
CREATE INDEX invoices_pending_due_idx ON commerce.invoices (due_date) WHERE status = 'PENDING';
