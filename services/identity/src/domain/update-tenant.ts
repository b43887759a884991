import type { TenantSettings } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import {
  conflict,
  normalisePhone,
  notFound,
  phoneRegionOf,
  rethrowUnique,
  type RequestContext,
} from '@salon/service-kit';
import { moveOutletsWithTenantZone } from '../db/outlet.repository';
import { findTenant, findTenantDuplicates, updateTenant } from '../db/tenant.repository';
import { staffIn } from './caller';
import { PRODUCER, type IdentityDeps } from './deps';
import { publishOutletUpserted, tenantUpdatedData } from './events';
import { canSeeTenant, withPlan, type TenantWithPlan } from './tenant-access';
import { normaliseWebsite } from './tenant-rules';

export interface TenantUpdate {
  name?: string;
  email?: string;
  phone?: string;
  description?: string | null;
  website?: string | null;
  logo_url?: string | null;
  theme_color?: string | null;
  settings?: Partial<TenantSettings>;
}

/**
 * PUT /tenants/{id}: partial; settings merge into the current ones; slug and subscription never change here.
 * Settings apply at once to all outlets: a new time zone moves every outlet that was on the old one.
 */
export async function updateTenantDetails(
  deps: IdentityDeps,
  ctx: RequestContext,
  { tenantId, changes: typed }: { tenantId: string; changes: TenantUpdate },
): Promise<TenantWithPlan> {
  const caller = staffIn(ctx);
  const tenant = await deps.db
    .withTx(async (tx) => {
      const current = canSeeTenant(caller, tenantId)
        ? await findTenant(tx, tenantId, { forUpdate: true })
        : undefined;
      if (!current) throw notFound('Tenant not found');
      // A phone is read in the region of the settings it is saved with (a move to London reads 020… as GB).
      const settings = typed.settings ? { ...current.settings, ...typed.settings } : undefined;
      const changes = {
        ...typed,
        phone:
          typed.phone === undefined
            ? undefined
            : normalisePhone(typed.phone, phoneRegionOf(settings ?? current.settings), ['body', 'phone']),
      };

      const taken = await findTenantDuplicates(tx, changes, tenantId);
      if (taken.name) throw conflict('name already registered');
      if (taken.email) throw conflict('email already registered');
      if (taken.phone) throw conflict('phone already registered');

      const updated = await updateTenant(tx, tenantId, {
        ...changes,
        website: changes.website === undefined ? undefined : normaliseWebsite(changes.website),
        settings,
      });
      await deps.store.enqueue(tx, [
        newEvent('identity.tenant.updated.v1', tenantUpdatedData(updated), originOf(ctx, PRODUCER, tenantId)),
      ]);
      if (settings && settings.timezone !== current.settings.timezone) {
        const moved = await moveOutletsWithTenantZone(tx, tenantId, {
          from: current.settings.timezone,
          to: settings.timezone,
        });
        for (const outlet of moved) await publishOutletUpserted(deps, tx, ctx, outlet);
      }
      return updated;
    })
    .catch((error: unknown) =>
      rethrowUnique(error, {
        tenants_name_key: 'name',
        tenants_email_key: 'email',
        tenants_phone_key: 'phone',
      }),
    );
  return withPlan(deps, tenant);
}
