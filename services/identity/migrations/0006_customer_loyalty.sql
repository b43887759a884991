-- Identity: what a customer's history and loyalty are computed from. The appointment replica learns whose
-- appointment it is and what it cost; customer_money keeps each payment, refund and package-paid visit that
-- commerce announced, once (entry_id is the payment, refund or event id). The customer's totals are recomputed
-- from these facts, so a repeated or reordered event cannot count twice.
ALTER TABLE identity.appointment_counters
  ADD COLUMN customer_id char(24),
  ADD COLUMN total_price numeric(14, 2);
CREATE INDEX appointment_counters_customer_idx ON identity.appointment_counters (tenant_id, customer_id)
  WHERE customer_id IS NOT NULL;

CREATE TABLE identity.customer_money (
  entry_id text PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL REFERENCES identity.customers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('payment', 'refund', 'redemption')),
  appointment_id char(24),
  customer_package_id char(24),
  amount numeric(14, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_money_customer_idx ON identity.customer_money (tenant_id, customer_id);
