import type { MemberRecord } from '../db/user.repository';
import { memberFields } from '../domain/record-fields';

/** The spec's User: a member of one tenant. */
export const userView = (member: MemberRecord) => ({
  id: member.id,
  tenant_id: member.tenant_id,
  ...memberFields(member),
  created_at: member.created_at,
  updated_at: member.updated_at,
});
