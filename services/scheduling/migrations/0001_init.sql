-- Scheduling: staff members, availability entries, appointments, and replicas of catalog's services and
-- identity's tenants, outlets and customers.

-- btree_gist lets one exclusion constraint mix equality on ids with overlap of time ranges: the backstop
-- against double booking of single-booking services (the per-staff advisory lock is the primary guard).
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- Identity's tenants: time zone, booking window, position templates, slug (public grid); newest version kept.
CREATE TABLE scheduling.tenants (
  tenant_id char(24) PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL,
  timezone text NOT NULL,
  booking_advance_days integer NOT NULL,
  staff_position_templates jsonb NOT NULL DEFAULT '[]',
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tenants_slug_idx ON scheduling.tenants (slug);

CREATE TABLE scheduling.outlets (
  outlet_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  timezone text NOT NULL,
  is_active boolean NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX outlets_tenant_idx ON scheduling.outlets (tenant_id);

-- Catalog's services: durations, buffers, capacity, advance window and pricing (resolvePrice at booking).
CREATE TABLE scheduling.services (
  service_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  duration_minutes integer NOT NULL,
  preparation_minutes integer NOT NULL,
  cleanup_minutes integer NOT NULL,
  max_advance_booking_days integer NOT NULL,
  min_advance_booking_hours integer NOT NULL,
  allow_parallel_bookings boolean NOT NULL,
  max_parallel_bookings integer NOT NULL,
  pricing jsonb NOT NULL,
  is_active boolean NOT NULL,
  status text NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX services_tenant_idx ON scheduling.services (tenant_id);

-- Identity's customers: names and contact data copied onto appointments.
CREATE TABLE scheduling.customers (
  customer_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  first_name text NOT NULL,
  last_name text,
  email text,
  phone text,
  is_active boolean NOT NULL DEFAULT true,
  is_deleted boolean NOT NULL DEFAULT false,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX customers_tenant_idx ON scheduling.customers (tenant_id);

CREATE TABLE scheduling.staff (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  user_id char(24),
  first_name text NOT NULL,
  last_name text NOT NULL,
  display_name text NOT NULL,
  email text NOT NULL,
  phone text,
  gender text,
  position text NOT NULL,
  employment_type text NOT NULL,
  employee_id text,
  hire_date date,
  birth_date date,
  hourly_rate numeric(14, 2),
  salary numeric(14, 2),
  is_bookable boolean NOT NULL DEFAULT true,
  accepts_online_booking boolean NOT NULL DEFAULT true,
  max_advance_booking_days integer NOT NULL DEFAULT 30,
  bio text,
  profile_image_url text,
  instagram_handle text,
  skills jsonb NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'terminated', 'on_leave')),
  average_rating numeric(3, 2),
  rating_count integer NOT NULL DEFAULT 0,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Terminated staff keep their e-mail in history but free it for a new staff member.
CREATE UNIQUE INDEX staff_tenant_email_key ON scheduling.staff (tenant_id, lower(email)) WHERE status <> 'terminated';
CREATE INDEX staff_tenant_outlet_idx ON scheduling.staff (tenant_id, outlet_id, status);

-- Availability entries; a recurring pattern is stored expanded, one row per date, sharing pattern_id.
CREATE TABLE scheduling.availability (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  staff_id char(24) NOT NULL REFERENCES scheduling.staff (id),
  outlet_id char(24) NOT NULL,
  date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL CHECK (end_time > start_time),
  availability_type text NOT NULL CHECK (availability_type IN ('working_hours', 'break', 'blocked', 'vacation')),
  recurrence_type text NOT NULL DEFAULT 'none' CHECK (recurrence_type IN ('none', 'daily', 'weekly', 'monthly')),
  recurrence_end_date date,
  recurrence_days jsonb,
  is_available boolean NOT NULL,
  notes text,
  service_ids jsonb,
  pattern_id char(24),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX availability_staff_date_idx ON scheduling.availability (tenant_id, staff_id, date, start_time);
CREATE INDEX availability_tenant_date_idx ON scheduling.availability (tenant_id, date, start_time);

CREATE TABLE scheduling.appointments (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  customer_id char(24),
  customer_name text,
  customer_email text,
  customer_phone text,
  appointment_date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  timezone text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN
    ('pending', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show', 'rescheduled')),
  total_price numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  notes text,
  booked_by text NOT NULL CHECK (booked_by IN ('customer', 'staff')),
  payment_id char(24),
  cancelled_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointments_tenant_date_idx ON scheduling.appointments (tenant_id, appointment_date, start_time);
CREATE INDEX appointments_customer_idx ON scheduling.appointments (tenant_id, customer_id, appointment_date);
-- The monthly plan limit counts a tenant's appointments created in a month.
CREATE INDEX appointments_tenant_created_idx ON scheduling.appointments (tenant_id, created_at);

-- One row per service of an appointment. `occupancy` is [start - preparation, end + cleanup) in UTC, what
-- capacity is counted on; `active` mirrors the appointment's status being pending or confirmed.
CREATE TABLE scheduling.appointment_services (
  appointment_id char(24) NOT NULL REFERENCES scheduling.appointments (id) ON DELETE CASCADE,
  position integer NOT NULL,
  tenant_id char(24) NOT NULL,
  service_id char(24) NOT NULL,
  service_name text NOT NULL,
  staff_id char(24) NOT NULL,
  staff_name text NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  duration_minutes integer NOT NULL,
  price numeric(14, 2) NOT NULL,
  currency char(3) NOT NULL,
  price_source text NOT NULL,
  parallel boolean NOT NULL,
  max_parallel integer NOT NULL,
  occupancy tstzrange NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (appointment_id, position),
  -- Backstop: two active single-booking segments of one staff member never overlap (other appointments).
  CONSTRAINT appointment_services_no_double_booking EXCLUDE USING gist (
    staff_id WITH =, appointment_id WITH <>, occupancy WITH &&
  ) WHERE (active AND NOT parallel)
);
CREATE INDEX appointment_services_staff_idx ON scheduling.appointment_services USING gist (staff_id, occupancy)
  WHERE active;
CREATE INDEX appointment_services_staff_btree_idx ON scheduling.appointment_services (tenant_id, staff_id);
