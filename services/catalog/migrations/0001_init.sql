-- Catalog: services with their pricing, and replicas of identity's tenants and outlets.

-- Trigram indexes make the case-insensitive "contains" search of GET /services use an index. pg_trgm is a
-- trusted extension (the database owner may create it); embedded PGlite loads it too. It lives in public,
-- shared by every schema that needs it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE catalog.services (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  category text NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
  preparation_minutes integer NOT NULL DEFAULT 0 CHECK (preparation_minutes >= 0),
  cleanup_minutes integer NOT NULL DEFAULT 0 CHECK (cleanup_minutes >= 0),
  max_advance_booking_days integer NOT NULL DEFAULT 90,
  min_advance_booking_hours integer NOT NULL DEFAULT 1,
  requires_staff boolean NOT NULL DEFAULT true,
  required_staff_count integer NOT NULL DEFAULT 1,
  allow_parallel_bookings boolean NOT NULL DEFAULT false,
  max_parallel_bookings integer NOT NULL DEFAULT 1 CHECK (max_parallel_bookings BETWEEN 1 AND 100),
  base_price numeric(14, 2) NOT NULL CHECK (base_price >= 0),
  currency char(3) NOT NULL,
  -- outlet id → price as a two-decimal string
  outlet_prices jsonb NOT NULL DEFAULT '{}',
  promotional_price numeric(14, 2) CHECK (promotional_price >= 0),
  promotional_valid_until timestamptz,
  tags jsonb NOT NULL DEFAULT '[]',
  image_url text,
  is_active boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'archived')),
  average_rating numeric(3, 2),
  rating_count integer NOT NULL DEFAULT 0,
  -- lower(name, description, tags), kept by the trigger below; what `search` matches against
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Archived services keep their slug: they stay readable to staff and can be restored.
CREATE UNIQUE INDEX services_tenant_slug_key ON catalog.services (tenant_id, slug);
-- The list order (alphabetical, case-insensitive) and the plain tenant filter.
CREATE INDEX services_tenant_name_idx ON catalog.services (tenant_id, lower(name), id);
CREATE INDEX services_tenant_category_idx ON catalog.services (tenant_id, category);
CREATE INDEX services_search_trgm_idx ON catalog.services USING gin (search_text public.gin_trgm_ops);

CREATE FUNCTION catalog.services_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- chr(1) separates the fields so a search never matches across two of them.
  NEW.search_text := lower(
    NEW.name || chr(1) || coalesce(NEW.description, '') || chr(1) ||
    coalesce((SELECT string_agg(tag, chr(1)) FROM jsonb_array_elements_text(NEW.tags) AS tag), '')
  );
  RETURN NEW;
END;
$$;

CREATE TRIGGER services_search_text
  BEFORE INSERT OR UPDATE OF name, description, tags ON catalog.services
  FOR EACH ROW EXECUTE FUNCTION catalog.services_search_text();

-- Identity's tenants as far as catalog needs them (currency, category templates), newest version kept.
CREATE TABLE catalog.tenants (
  tenant_id char(24) PRIMARY KEY,
  currency char(3) NOT NULL,
  service_category_templates jsonb NOT NULL DEFAULT '[]',
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Identity's outlets: which outlet ids belong to which tenant (outlet prices), newest version kept.
CREATE TABLE catalog.outlets (
  outlet_id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  is_active boolean NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX outlets_tenant_idx ON catalog.outlets (tenant_id);
