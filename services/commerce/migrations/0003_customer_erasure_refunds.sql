-- Customer erasure (identity.customer.deleted.v1) keeps paid customer packages, their credits and redemptions for
-- the merchant's books without the customer reference; refunds of orphaned appointment payments reverse the
-- merchant ledger credit with a second, negative entry of the same invoice.

ALTER TABLE commerce.customer_packages ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE commerce.credits ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE commerce.credit_redemptions ALTER COLUMN customer_id DROP NOT NULL;

ALTER TABLE commerce.merchant_ledger
  ADD COLUMN entry_type text NOT NULL DEFAULT 'credit' CHECK (entry_type IN ('credit', 'reversal'));
ALTER TABLE commerce.merchant_ledger DROP CONSTRAINT merchant_ledger_invoice_id_key;
ALTER TABLE commerce.merchant_ledger ADD CONSTRAINT merchant_ledger_invoice_entry UNIQUE (invoice_id, entry_type);
