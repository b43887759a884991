import type { OutletRecord } from '../db/outlet.repository';
import type { TenantRecord } from '../db/tenant.repository';
import { outletFields } from '../domain/record-fields';

/** An active outlet as anyone may see it: where, when, how to call (no status, no tenant id). */
export const publicOutletView = (outlet: OutletRecord) => {
  const { tenant_id: _tenant, is_active: _active, ...open } = outletFields(outlet);
  return { id: outlet.id, ...open };
};

/** GET /public/tenants/{slug}: the business's public face, with its branding as at customer login. */
export const publicBusinessView = ({
  tenant,
  outlets,
}: {
  tenant: TenantRecord;
  outlets: OutletRecord[];
}) => ({
  slug: tenant.slug,
  name: tenant.name,
  description: tenant.description,
  logo_url: tenant.logo_url,
  theme_color: tenant.theme_color,
  currency: tenant.settings.currency,
  language: tenant.settings.language,
  timezone: tenant.settings.timezone,
  outlets: outlets.map(publicOutletView),
});
