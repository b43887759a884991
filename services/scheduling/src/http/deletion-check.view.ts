import type { CustomerDeletionCheckResponse } from '@salon/contracts';

/** Identity's account-deletion pre-check: blocked while appointments today or later remain. */
export const deletionCheckView = (upcoming: number): CustomerDeletionCheckResponse =>
  upcoming > 0
    ? {
        blocked: true,
        reason: `Cannot delete account with ${upcoming} upcoming appointment${upcoming === 1 ? '' : 's'}. Cancel them first.`,
      }
    : { blocked: false, reason: null };
