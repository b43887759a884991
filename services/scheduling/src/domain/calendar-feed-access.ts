import {
  assertOutletAccess,
  forbidden,
  notFound,
  tenantIn,
  type Executor,
  type RequestContext,
} from '@salon/service-kit';
import type { FeedOwner } from '../db/calendar-feed.repository';
import { findStaff } from '../db/staff.repository';
import { staffIn } from './callers';

/**
 * Who may create, rotate, revoke or look at a staff member's calendar feed: the staff member itself (its token's
 * `staff_id`), TENANT_ADMIN and SUPER_ADMIN for any staff member of the tenant, an OUTLET_MANAGER for staff of
 * its outlets. Anyone else is 403; an unknown staff member (or another tenant's) is 404.
 */
export async function staffFeedOwner(
  executor: Executor,
  ctx: RequestContext,
  staffId: string,
): Promise<FeedOwner> {
  const caller = staffIn(ctx);
  const staff = await findStaff(executor, tenantIn(ctx), staffId);
  if (!staff || staff.status === 'terminated') throw notFound('Staff member not found');
  if (caller.staffId === staffId) return { type: 'staff', id: staffId };
  if (caller.role === 'TENANT_ADMIN' || caller.role === 'SUPER_ADMIN') return { type: 'staff', id: staffId };
  if (caller.role !== 'OUTLET_MANAGER')
    throw forbidden("Only the staff member or its manager may manage this staff member's calendar feed");
  assertOutletAccess(ctx, staff.outlet_id);
  return { type: 'staff', id: staffId };
}

/** The signed-in customer's own feed (the customer routes let only customer tokens through). */
export function customerFeedOwner(ctx: RequestContext): FeedOwner {
  if (ctx.caller?.kind !== 'customer') throw forbidden('Insufficient permissions');
  return { type: 'customer', id: ctx.caller.customerId };
}
