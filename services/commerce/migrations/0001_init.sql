-- Commerce: packages, customer packages and their credits, payments, invoices, the merchant ledger, provider
-- webhook receipts, and replicas of identity's tenants, outlets and customers and of catalog's services.

CREATE TABLE commerce.tenants (
  tenant_id char(24) PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  currency char(3) NOT NULL,
  wallet_enabled boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE commerce.outlets (
  outlet_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  is_active boolean NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX outlets_tenant ON commerce.outlets (tenant_id);

CREATE TABLE commerce.services (
  service_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  -- the ServicePricing of catalog.service.upserted.v1; resolvePrice reads it
  pricing jsonb NOT NULL,
  is_active boolean NOT NULL,
  status text NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX services_tenant ON commerce.services (tenant_id);

CREATE TABLE commerce.customers (
  customer_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  email text,
  phone text,
  first_name text NOT NULL,
  last_name text,
  is_deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX customers_tenant ON commerce.customers (tenant_id);

CREATE TABLE commerce.packages (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  description text,
  -- [{service_id, service_name, quantity, unit_price}] with unit prices frozen at creation
  package_items jsonb NOT NULL,
  package_price numeric(14, 2) NOT NULL CHECK (package_price >= 0),
  currency char(3) NOT NULL,
  validity_days integer CHECK (validity_days BETWEEN 1 AND 365),
  is_active boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'archived')),
  is_deleted boolean NOT NULL DEFAULT false,
  outlet_ids jsonb NOT NULL DEFAULT '[]',
  total_purchased integer NOT NULL DEFAULT 0,
  total_revenue numeric(14, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX packages_tenant ON commerce.packages (tenant_id, created_at DESC);

CREATE TABLE commerce.customer_packages (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  package_id char(24) NOT NULL REFERENCES commerce.packages (id),
  outlet_id char(24) NOT NULL,
  package_name text NOT NULL,
  package_price numeric(14, 2) NOT NULL,
  payment_method text NOT NULL,
  payment_status text NOT NULL CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded')),
  payment_id char(24),
  gateway_payment_url text,
  amount_paid numeric(14, 2) NOT NULL DEFAULT 0,
  currency char(3) NOT NULL,
  validity_days integer,
  purchased_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  payment_confirmed_at timestamptz,
  status text NOT NULL CHECK (status IN ('pending_payment', 'active', 'partially_used', 'depleted', 'expired', 'cancelled')),
  notes text,
  sold_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_packages_customer ON commerce.customer_packages (tenant_id, customer_id, created_at DESC);
CREATE INDEX customer_packages_package ON commerce.customer_packages (package_id);

-- One row per service of an activated customer package; used_credits never passes allocated_credits.
CREATE TABLE commerce.credits (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  customer_package_id char(24) NOT NULL REFERENCES commerce.customer_packages (id),
  service_id char(24) NOT NULL,
  service_name text NOT NULL,
  allocated_credits integer NOT NULL CHECK (allocated_credits > 0),
  used_credits integer NOT NULL DEFAULT 0 CHECK (used_credits >= 0 AND used_credits <= allocated_credits),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  UNIQUE (customer_package_id, service_id)
);
CREATE INDEX credits_customer ON commerce.credits (tenant_id, customer_id, service_id);

CREATE TABLE commerce.credit_redemptions (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  credit_id char(24) NOT NULL REFERENCES commerce.credits (id),
  customer_id char(24) NOT NULL,
  service_id char(24) NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  appointment_id char(24),
  notes text,
  redeemed_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Invoices of every kind; gateway_invoice_id is unique, so one provider invoice maps to one of ours.
CREATE TABLE commerce.invoices (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  type text NOT NULL CHECK (type IN ('PACKAGE', 'APPOINTMENT', 'SUBSCRIPTION')),
  invoice_number text NOT NULL UNIQUE,
  customer_id char(24),
  customer_package_id char(24),
  appointment_id char(24),
  payment_id char(24),
  subtotal numeric(14, 2) NOT NULL,
  platform_fee numeric(14, 2) NOT NULL DEFAULT 0,
  platform_fee_percentage numeric(5, 2) NOT NULL DEFAULT 0,
  amount numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'PAID', 'EXPIRED', 'VOID')),
  lines jsonb NOT NULL DEFAULT '[]',
  metadata jsonb NOT NULL DEFAULT '{}',
  due_date timestamptz NOT NULL,
  gateway_invoice_id text UNIQUE,
  gateway_invoice_url text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commerce.payments (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24),
  customer_package_id char(24),
  appointment_id char(24),
  invoice_id char(24),
  amount numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  method text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('manual', 'gateway', 'wallet')),
  status text NOT NULL,
  reference_id text NOT NULL,
  receipt_number text,
  notes text,
  recorded_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX payments_package ON commerce.payments (customer_package_id);
CREATE INDEX payments_customer ON commerce.payments (tenant_id, customer_id);

-- Idempotency of provider callbacks: the first delivery of (provider invoice, status) inserts; every
-- duplicate, concurrent or later, hits the primary key and changes nothing.
CREATE TABLE commerce.webhook_receipts (
  gateway_invoice_id text NOT NULL,
  status text NOT NULL,
  tenant_id char(24) NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_invoice_id, status)
);

-- What the merchant is owed per paid invoice: base minus the platform fee, both recorded.
CREATE TABLE commerce.merchant_ledger (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  invoice_id char(24) NOT NULL UNIQUE,
  payment_id char(24),
  base_amount numeric(14, 2) NOT NULL,
  platform_fee numeric(14, 2) NOT NULL,
  net_amount numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commerce.audit_log (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The tenant's sub-account at the payment provider, created on the first invoice made on its behalf.
CREATE TABLE commerce.provider_accounts (
  tenant_id char(24) PRIMARY KEY,
  account_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
