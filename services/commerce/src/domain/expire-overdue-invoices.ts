import { formatMoney, money, type RequestContext } from '@salon/service-kit';
import { claimOverdueInvoices } from '../db/invoice.repository';
import type { CommerceDeps } from './deps';
import { expireInvoice } from './expire-invoice';

/** Invoices claimed and expired per transaction. */
const BATCH = 100;

/**
 * The CronJob's sweep (`POST /internal/jobs/expire-invoices`): appointment and package invoices still pending
 * past their due date (24 hours for an appointment's) are expired as the provider's EXPIRED callback would
 * (`expireInvoice`: payment FAILED, a package's payment failed, the wallet part given back), for when that
 * callback never came. Batches are claimed `FOR UPDATE SKIP LOCKED` and expired in the claiming transaction,
 * so two replicas share the work and never expire one invoice twice. Database only: the provider expires its
 * own invoice at the same due date. Answers how many were expired and the wallet money given back.
 */
export async function expireOverdueInvoices(
  deps: Pick<CommerceDeps, 'db'>,
  _ctx: RequestContext,
): Promise<{ expired: number; wallet_returned: string }> {
  let expired = 0;
  let returned = money('0');
  for (;;) {
    const batch = await deps.db.withTx(async (tx) => {
      const due = await claimOverdueInvoices(tx, BATCH);
      let done = 0;
      let walletBack = money('0');
      for (const invoice of due) {
        const result = await expireInvoice(tx, invoice, 'due date passed (expiry sweep)');
        if (result.expired) done += 1;
        walletBack = walletBack.plus(result.walletReturned);
      }
      return { claimed: due.length, done, walletBack };
    });
    expired += batch.done;
    returned = returned.plus(batch.walletBack);
    if (batch.claimed < BATCH) break;
  }
  return { expired, wallet_returned: formatMoney(returned) };
}
