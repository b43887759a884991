import { AppError, getOrCreateCounter } from '@salon/service-kit';

/**
 * Why a payment provider callback was refused before it was stored, by the status it was answered with. A
 * refused callback is never retried into success: a wrong token or body keeps failing until the provider's
 * settings are fixed, and until then payments arrive without their effect.
 */
const REASON_BY_STATUS = new Map([
  [401, 'invalid_token'],
  [422, 'invalid_body'],
  [404, 'unknown_invoice'],
  [400, 'amount_mismatch'],
]);

const callbacksRejected = () =>
  getOrCreateCounter({
    name: 'payment_callbacks_rejected_total',
    help: 'Payment provider callbacks refused before being stored, by reason (invalid_token, invalid_body, unknown_invoice, amount_mismatch)',
    labelNames: ['reason'],
  });

/** Every reason's series exists from the start at 0, so `increase()` in the alert sees the first rejection. */
export function registerCallbackRejections(): void {
  for (const reason of REASON_BY_STATUS.values()) callbacksRejected().inc({ reason }, 0);
}

/** Counts `error` when it is a refusal of the callback; anything else (a 500) is not the provider's doing. */
export function countCallbackRejection(error: unknown): void {
  const reason = error instanceof AppError ? REASON_BY_STATUS.get(error.status) : undefined;
  if (reason) callbacksRejected().inc({ reason });
}
