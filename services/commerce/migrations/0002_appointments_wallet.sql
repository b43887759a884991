-- Appointment payments: the scheduling appointments replica, the customer wallet, and one open or completed
-- payment per appointment (a FAILED or CANCELLED one lets the customer start again).

CREATE TABLE commerce.appointments (
  appointment_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24),
  status text NOT NULL,
  -- the service lines of the snapshot (service_id, service_name, price, currency, ...)
  services jsonb NOT NULL,
  total_price numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  starts_at timestamptz NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX appointments_customer ON commerce.appointments (tenant_id, customer_id);

CREATE TABLE commerce.wallets (
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  balance numeric(14, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  currency char(3) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, customer_id)
);

CREATE TABLE commerce.wallet_transactions (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  -- positive credits the wallet, negative debits it
  amount numeric(14, 2) NOT NULL,
  kind text NOT NULL CHECK (kind IN ('credit', 'debit', 'refund')),
  reason text,
  reference text,
  balance_after numeric(14, 2) NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transactions_customer ON commerce.wallet_transactions (tenant_id, customer_id, created_at DESC);

CREATE UNIQUE INDEX payments_one_live_per_appointment ON commerce.payments (appointment_id)
  WHERE appointment_id IS NOT NULL AND status IN ('PENDING', 'PROCESSING', 'COMPLETED');
