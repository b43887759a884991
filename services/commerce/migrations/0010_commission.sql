-- Staff commission (issue 22 item 3): a replica of scheduling's staff members (outlet for OUTLET_MANAGER
-- scoping, user for who sold a package), the tenant's time zone (report periods are the tenant's local days),
-- each staff member's rule and the earnings (and their reversals), each recording the rate it used.

ALTER TABLE commerce.tenants ADD COLUMN timezone text NOT NULL DEFAULT 'UTC';

-- the staff member who sold a package (the seller's token names it when the user is one)
ALTER TABLE commerce.customer_packages ADD COLUMN sold_by_staff_id char(24);

CREATE TABLE commerce.staff_members (
  staff_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  user_id char(24),
  display_name text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX staff_members_user ON commerce.staff_members (tenant_id, user_id);

CREATE TABLE commerce.commission_rules (
  tenant_id char(24) NOT NULL,
  staff_id char(24) NOT NULL,
  service_percent numeric(5, 2) NOT NULL CHECK (service_percent BETWEEN 0 AND 100),
  package_percent numeric(5, 2) NOT NULL CHECK (package_percent BETWEEN 0 AND 100),
  -- {service_id: percent}: a service's own rate instead of service_percent
  service_overrides jsonb NOT NULL DEFAULT '{}',
  updated_by char(24),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, staff_id)
);

CREATE TABLE commerce.commission_entries (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  staff_id char(24) NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('appointment', 'package_sale')),
  -- the appointment or the customer package
  source_id char(24) NOT NULL,
  -- the appointment's service line (its index), '0' for a package sale
  line_key text NOT NULL,
  -- 'earned', or 'reversal:<refund id>' for what a refund took back
  entry_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earned', 'reversed')),
  service_id char(24),
  description text NOT NULL,
  base_amount numeric(14, 2) NOT NULL,
  rate numeric(5, 2) NOT NULL,
  amount numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, source_type, source_id, line_key, entry_key)
);
CREATE INDEX commission_entries_staff ON commerce.commission_entries (tenant_id, staff_id, occurred_at);
