import type { MemberRecord } from '../db/user.repository';

/** The spec's User: a member of one tenant. */
export const userView = (member: MemberRecord) => ({
  id: member.id,
  tenant_id: member.tenant_id,
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role,
  outlet_ids: member.outlet_ids,
  staff_id: member.staff_id,
  is_active: member.is_active,
  created_at: member.created_at,
  updated_at: member.updated_at,
});
