import type { OutletRecord } from '../db/outlet.repository';

/** The spec's Outlet. */
export const outletView = (outlet: OutletRecord) => ({
  id: outlet.id,
  tenant_id: outlet.tenant_id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  timezone: outlet.timezone,
  business_hours: outlet.business_hours,
  is_active: outlet.is_active,
  created_at: outlet.created_at,
  updated_at: outlet.updated_at,
});
