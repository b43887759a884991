import {
  DEFAULT_PHONE_REGION,
  normalisePhone,
  phoneRegionOf,
  type Executor,
  type PhoneRegion,
} from '@salon/service-kit';
import { findTenant, type TenantRecord } from '../db/tenant.repository';

/** The region a tenant's local numbers are read in (its settings' time zone, else currency, else ID). */
export const tenantRegion = (tenant: Pick<TenantRecord, 'settings'> | undefined): PhoneRegion =>
  tenant ? phoneRegionOf(tenant.settings) : DEFAULT_PHONE_REGION;

/** A phone typed for the tenant's business, in E.164 (422 at `body.<field>` when it is no valid number). */
export async function tenantPhone<T extends null | undefined>(
  executor: Executor,
  tenantId: string,
  phone: string | T,
  field = 'phone',
): Promise<string | T> {
  if (typeof phone !== 'string') return phone;
  return normalisePhone(phone, tenantRegion(await findTenant(executor, tenantId)), ['body', field]);
}
