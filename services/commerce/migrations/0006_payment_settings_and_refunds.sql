-- Commerce: the tenant settings money depends on. payments_enabled: whether the tenant takes online (provider)
-- payments; late_cancellation_fee_percent: what share of a paid appointment is kept when it is cancelled
-- inside the cancellation window. Rows from before take what identity's defaults are.
ALTER TABLE commerce.tenants
  ADD COLUMN payments_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN late_cancellation_fee_percent numeric(5, 2) NOT NULL DEFAULT 0;

-- What a refunded payment gave back (a late cancellation keeps a fee, so it may be less than was paid).
-- Refunds before this were whole: the payment's amount and the wallet part applied with it.
ALTER TABLE commerce.payments ADD COLUMN refunded_amount numeric(14, 2);
UPDATE commerce.payments p
   SET refunded_amount = p.amount + coalesce((i.metadata ->> 'wallet_applied')::numeric, 0)
  FROM commerce.invoices i
 WHERE p.status = 'REFUNDED' AND i.id = p.invoice_id;
UPDATE commerce.payments SET refunded_amount = amount WHERE status = 'REFUNDED' AND refunded_amount IS NULL;
