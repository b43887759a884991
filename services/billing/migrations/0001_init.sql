-- Billing: subscriptions, their invoices and payments, usage replicas, token quotas and token usage.

-- One subscription per tenant, created FREE on identity.tenant.registered.v1 under the id identity chose.
CREATE TABLE billing.subscriptions (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL UNIQUE,
  plan text NOT NULL CHECK (plan IN ('FREE', 'PRO', 'ENTERPRISE')),
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled', 'expired', 'suspended')),
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'quarterly', 'yearly')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  is_trial boolean NOT NULL DEFAULT false,
  trial_ends_at timestamptz,
  auto_renew boolean NOT NULL DEFAULT true,
  -- cancelled_at/by, previous_plan, deactivated_at/by, deactivation_reason, activated_at/by
  metadata jsonb NOT NULL DEFAULT '{}',
  -- {target_plan, effective_date, reason, scheduled_at} or null
  scheduled_changes jsonb,
  -- grows by one per change; the version of billing.subscription.changed.v1
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The scheduled-changes job finds due downgrades without scanning every subscription.
CREATE INDEX subscriptions_scheduled_idx ON billing.subscriptions (id) WHERE scheduled_changes IS NOT NULL;

-- Invoices billing asked commerce for; the paid event is verified against them.
CREATE TABLE billing.subscription_invoices (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  subscription_id char(24) NOT NULL REFERENCES billing.subscriptions (id),
  invoice_number text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upgrade', 'renewal')),
  from_plan text NOT NULL,
  target_plan text NOT NULL,
  billing_period text NOT NULL,
  prorated boolean NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  currency char(3) NOT NULL,
  due_at timestamptz NOT NULL,
  -- pending → paid; expired (paid after due) and rejected (did not match) change nothing
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'rejected')),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_invoices_tenant_idx ON billing.subscription_invoices (tenant_id, created_at DESC);

-- GET /subscriptions/payments: one record per subscription invoice.
CREATE TABLE billing.subscription_payments (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  invoice_id char(24) NOT NULL UNIQUE REFERENCES billing.subscription_invoices (id),
  subscription_id char(24) NOT NULL,
  amount numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'pending', 'failed', 'refunded')),
  payment_type text NOT NULL,
  failure_reason text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_payments_tenant_idx ON billing.subscription_payments (tenant_id, created_at DESC, id DESC);

-- Usage replicas fed by other services' events (newest version wins); counted for GET /subscriptions/usage.
CREATE TABLE billing.outlets (
  outlet_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  is_active boolean NOT NULL,
  version integer NOT NULL
);
CREATE INDEX outlets_tenant_idx ON billing.outlets (tenant_id);

CREATE TABLE billing.services (
  service_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX services_tenant_idx ON billing.services (tenant_id);

CREATE TABLE billing.staff (
  staff_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX staff_tenant_idx ON billing.staff (tenant_id);

CREATE TABLE billing.appointments (
  appointment_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  appointment_date date NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX appointments_tenant_date_idx ON billing.appointments (tenant_id, appointment_date);

-- Which customer belongs to which tenant (PATCH /token-usage/quota/{customer_id}), from identity's events.
CREATE TABLE billing.customers (
  customer_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL
);

-- A customer's quota record: overrides (null = follow the plan) and the block state.
CREATE TABLE billing.token_quotas (
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  daily_quota bigint CHECK (daily_quota >= -1),
  monthly_quota bigint CHECK (monthly_quota >= -1),
  quota_type text NOT NULL DEFAULT 'daily' CHECK (quota_type IN ('daily', 'monthly', 'unlimited')),
  blocked_reason text,
  -- the block lapses by itself at this instant (next midnight UTC or the 1st of next month)
  blocked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, customer_id)
);

-- Counters keyed by UTC day and month: a new day starts at zero whether or not a reset ran.
CREATE TABLE billing.token_usage_daily (
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  day date NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  quota_exceeded boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, customer_id, day)
);

CREATE TABLE billing.token_usage_monthly (
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  month date NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, customer_id, month)
);

-- One row per tracking call, with its cost estimate; GET /token-usage/history aggregates it per day.
CREATE TABLE billing.token_usage_log (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  day date NOT NULL,
  conversation_id text NOT NULL,
  tokens bigint NOT NULL,
  prompt_tokens bigint,
  completion_tokens bigint,
  system_tokens bigint,
  message_count integer NOT NULL,
  function_calls jsonb NOT NULL DEFAULT '[]',
  model text NOT NULL,
  estimated_cost_usd numeric(18, 9) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_usage_log_customer_day_idx ON billing.token_usage_log (tenant_id, customer_id, day);
