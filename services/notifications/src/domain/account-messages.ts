import type { Executor } from '@salon/service-kit';
import * as replicas from '../db/replica.repository';
import { PLATFORM_NAME, templateLanguage, type Language, type TemplateContext } from './templates';

/**
 * Who a message about an account comes from, and its language: the tenant replica's name, timezone and
 * language for a customer (tenant set); the platform (`PLATFORM_NAME`, UTC) for a staff user's account, which
 * belongs to no tenant. `language` (the account's own) wins over the tenant's; English when neither is known.
 */
export async function messageSender(
  tx: Executor,
  tenantId: string | null,
  language: string | null | undefined,
): Promise<{ language: Language; context: Pick<TemplateContext, 'tenantName' | 'timezone' | 'currency'> }> {
  const tenant = tenantId ? await replicas.findTenant(tx, tenantId) : null;
  return {
    language: templateLanguage(language ?? tenant?.language),
    context: {
      tenantName: tenant?.name ?? (tenantId ? 'Salon' : PLATFORM_NAME),
      timezone: tenant?.timezone ?? 'UTC',
      currency: tenant?.currency ?? 'USD',
    },
  };
}
