import type { OutletRecord } from '../db/outlet.repository';
import type { MemberRecord } from '../db/user.repository';

// What the API's views and the events' payloads both carry of a record, picked in one place; each adds its own
// id name, timestamps and version around it.

/** An outlet's state as its view and `identity.outlet.upserted.v1` both show it. */
export const outletFields = (outlet: OutletRecord) => ({
  tenant_id: outlet.tenant_id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  timezone: outlet.timezone,
  business_hours: outlet.business_hours,
  is_active: outlet.is_active,
});

/** A membership's state as the User view and `identity.user.upserted.v1` both show it. */
export const memberFields = (member: MemberRecord) => ({
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role,
  outlet_ids: member.outlet_ids,
  staff_id: member.staff_id,
  is_active: member.is_active,
});
