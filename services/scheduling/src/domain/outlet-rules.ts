/* Whether an outlet takes bookings (issue 18 item 2, docs/decisions.md "Closed outlets"). */

/** The detail of the 409 a booking or a reschedule into a closed outlet answers. */
export const CLOSED_OUTLET_DETAIL = 'Outlet is closed and takes no bookings';

/**
 * An outlet is open when it is active and its tenant is not deactivated (identity switches the outlets with
 * the tenant, but the two events may arrive in either order). A tenant not known yet counts as active.
 */
export const isOutletOpen = (
  outlet: { is_active: boolean },
  tenant: { is_active: boolean } | null | undefined,
): boolean => outlet.is_active && (tenant?.is_active ?? true);
