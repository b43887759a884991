import { PaymentProviderError, PaymentProviderUnavailableError, type Invoice } from '@salon/payment-provider';
import { badGateway, badRequest, type Executor } from '@salon/service-kit';
import { findProviderAccount, saveProviderAccount } from '../db/invoice.repository';
import { findTenant, type TenantReplica } from '../db/replica.repository';
import type { CommerceDeps } from './deps';

/** What every use case that makes a provider invoice shares: the tenant's sub-account, errors, numbering. */

export const webhookUrlOf = (deps: CommerceDeps, tenantId: string): string =>
  `${deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/v1/webhooks/gateway-invoice/tenant/${tenantId}`;

/**
 * The tenant's gateway is enabled when commerce knows the tenant (identity's replica), it is active and it takes
 * online payments.
 */
export async function assertGatewayEnabled(executor: Executor, tenantId: string): Promise<TenantReplica> {
  const tenant = await findTenant(executor, tenantId);
  // Switched off by the tenant (`payments_enabled`) reads as the spec's "gateway not configured" too.
  if (!tenant || !tenant.is_active || !tenant.payments_enabled)
    throw badRequest('Payment gateway is not configured for this tenant');
  return tenant;
}

/**
 * The tenant's provider sub-account, created on first use (its callback address set to the tenant webhook)
 * and stored; invoices are then created on its behalf with `for-user-id`.
 */
export async function subAccountOf(deps: CommerceDeps, tenantId: string, linkError: string): Promise<string> {
  const known = await findProviderAccount(deps.db.orm, tenantId);
  if (known) return known;
  const tenant = await assertGatewayEnabled(deps.db.orm, tenantId);
  const account = await callProvider(linkError, () =>
    deps.provider.createAccount({
      email: tenant.email,
      type: 'OWNED',
      public_profile: { business_name: tenant.name },
    }),
  );
  await callProvider(linkError, () =>
    deps.provider.setInvoiceCallbackUrl(webhookUrlOf(deps, tenantId), { forUserId: account.id }),
  );
  return deps.db.withTx((tx) => saveProviderAccount(tx, tenantId, account.id));
}

/** A provider failure as the caller's 502 (4xx from the provider included: the link could not be made). */
export async function callProvider<T>(detail: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentProviderError)
      throw badGateway(`${detail}: ${error.message}`);
    throw error;
  }
}

/** Best effort: a provider invoice whose database side could not be written is expired so it cannot be paid. */
export async function expireQuietly(deps: CommerceDeps, invoice: Invoice, forUserId: string): Promise<void> {
  try {
    await deps.provider.expireInvoice(invoice.id, { forUserId });
  } catch (error) {
    deps.logger.warn({ invoice: invoice.id, err: error }, 'could not expire an orphaned provider invoice');
  }
}

const compactDate = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
export const invoiceNumberOf = (prefix: string, id: string, now: Date): string =>
  `INV-${prefix}-${compactDate(now)}-${id.slice(-8).toUpperCase()}`;
