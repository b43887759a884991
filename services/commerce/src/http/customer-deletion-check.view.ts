import type { CustomerDeletionCheckResponse } from '@salon/contracts';

/** Identity's deletion pre-check: blocked while payments are open. */
export const customerDeletionCheckView = ({
  openPayments: open,
}: {
  openPayments: number;
}): CustomerDeletionCheckResponse =>
  open > 0
    ? {
        blocked: true,
        reason: `Cannot delete account with ${open} pending payment${open === 1 ? '' : 's'}. Complete or cancel them first.`,
      }
    : { blocked: false, reason: null };
