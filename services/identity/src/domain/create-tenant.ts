import { randomUUID } from 'node:crypto';
import type { TenantSettings } from '@salon/contracts';
import { newEvent, originOf } from '@salon/messaging';
import { PaymentProviderError, type PaymentProvider } from '@salon/payment-provider';
import {
  AppError,
  conflict,
  newId,
  normalisePhone,
  phoneRegionOf,
  rethrowUnique,
  type RequestContext,
} from '@salon/service-kit';
import { insertOutlet } from '../db/outlet.repository';
import {
  findTenantDuplicates,
  insertTenant,
  lockTenantCreation,
  slugsLike,
  type TenantRecord,
} from '../db/tenant.repository';
import { findMember, findUserByEmail, insertMembership, insertUser } from '../db/user.repository';
import { PRODUCER, type IdentityDeps } from './deps';
import { outletUpsertedData, userUpsertedData } from './events';
import { hashPassword } from './passwords';
import { defaultSettings, nextFreeSlug, normaliseWebsite, partnerNumber, slugify } from './tenant-rules';

export interface CreateTenantInput {
  name: string;
  preferredSlug?: string;
  email: string;
  /** As typed: read in the region of the settings given (time zone, currency; else ID), stored in E.164. */
  phone: string;
  /** Where a phone that is no valid number is reported: `business_phone` at registration. */
  phoneField?: string;
  description?: string | null;
  website?: string | null;
  logo_url?: string | null;
  theme_color?: string | null;
  settings?: Partial<TenantSettings>;
  admin: { email: string; password: string; first_name: string; last_name: string };
}

export interface CreatedTenant {
  tenant: TenantRecord;
  adminUserId: string;
  outletId: string;
}

const UNIQUE_FIELDS = {
  tenants_name_key: 'business_name',
  tenants_email_key: 'business_email',
  tenants_phone_key: 'business_phone',
  users_email_key: 'admin_email',
};

/**
 * Public registration and POST /tenants: the tenant, its admin user and membership, its first outlet and the
 * `identity.tenant.registered.v1` event commit together or not at all. The account is active at once on FREE
 * (billing creates the FREE subscription under the `subscription_id` generated here).
 */
export async function createTenant(
  deps: IdentityDeps,
  ctx: RequestContext,
  typed: CreateTenantInput,
): Promise<CreatedTenant> {
  const region = phoneRegionOf(defaultSettings(typed.settings));
  const input = {
    ...typed,
    phone: normalisePhone(typed.phone, region, ['body', typed.phoneField ?? 'phone']),
  };
  // Hashing is slow on purpose; do it before the transaction holds any lock.
  const passwordHash = await hashPassword(input.admin.password, deps.passwordCostLog2);
  try {
    return await deps.db.withTx(async (tx) => {
      // 1. Serialise creations, so the duplicate checks and slug choice below cannot race each other.
      await lockTenantCreation(tx);

      // 2. Duplicates: business name (case-insensitive), business e-mail, business phone, admin e-mail.
      const taken = await findTenantDuplicates(tx, input);
      if (taken.name) throw conflict('business_name already registered');
      if (taken.email) throw conflict('business_email already registered');
      if (taken.phone) throw conflict('business_phone already registered');
      if (await findUserByEmail(tx, input.admin.email)) throw conflict('admin_email already registered');

      // 3. Slug from the preferred slug or the name; a numeric suffix when taken.
      const base = slugify(input.preferredSlug || input.name);
      const slug = nextFreeSlug(base, await slugsLike(tx, base));

      // 4. The payment-provider sub-account; a failure here rolls everything back.
      const clientPartnerId = await openPartnerAccount(deps.paymentProvider, input);

      // 5. The tenant, active at once.
      const settings = defaultSettings(input.settings);
      const tenant = await insertTenant(tx, {
        id: newId(),
        name: input.name,
        slug,
        email: input.email,
        phone: input.phone,
        description: input.description ?? null,
        website: normaliseWebsite(input.website),
        logo_url: input.logo_url ?? null,
        theme_color: input.theme_color ?? null,
        is_active: true,
        subscription_id: newId(),
        client_partner_id: clientPartnerId,
        client_partner_number: partnerNumber(),
        settings,
      });

      // 6. The first outlet from the business data, so the new tenant can book at once.
      const outlet = await insertOutlet(tx, {
        id: newId(),
        tenant_id: tenant.id,
        name: tenant.name,
        slug: 'main',
        address: null,
        phone: tenant.phone,
        timezone: settings.timezone,
        business_hours: {},
        is_active: true,
      });

      // 7. The admin user and its TENANT_ADMIN membership.
      const admin = await insertUser(tx, {
        id: newId(),
        email: input.admin.email,
        password_hash: passwordHash,
        first_name: input.admin.first_name,
        last_name: input.admin.last_name,
        is_super_admin: false,
      });
      await insertMembership(tx, {
        id: newId(),
        tenant_id: tenant.id,
        user_id: admin.id,
        role: 'TENANT_ADMIN',
        outlet_ids: [outlet.id],
        staff_id: null,
        is_active: true,
      });

      // 8. The events, in the same transaction.
      const origin = originOf(ctx, PRODUCER, tenant.id);
      await deps.store.enqueue(tx, [
        newEvent(
          'identity.tenant.registered.v1',
          {
            tenant_id: tenant.id,
            name: tenant.name,
            slug: tenant.slug,
            email: tenant.email,
            phone: tenant.phone,
            is_active: tenant.is_active,
            settings: tenant.settings,
            subscription_id: tenant.subscription_id,
            client_partner_id: tenant.client_partner_id,
            client_partner_number: tenant.client_partner_number,
            admin_user_id: admin.id,
            admin_email: admin.email,
            created_at: tenant.created_at,
            version: tenant.version,
          },
          origin,
        ),
        newEvent('identity.outlet.upserted.v1', outletUpsertedData(outlet), origin),
        newEvent(
          'identity.user.upserted.v1',
          userUpsertedData((await findMember(tx, tenant.id, admin.id))!),
          origin,
        ),
      ]);
      return { tenant, adminUserId: admin.id, outletId: outlet.id };
    });
  } catch (error) {
    rethrowUnique(error, UNIQUE_FIELDS);
  }
}

/**
 * The tenant's sub-account at the payment provider (its id is the tenant's `client_partner_id`). Without a
 * configured provider (embedded mode, most tests) the id is a local UUID. Any provider failure answers 503
 * (unreachable, 5xx, breaker open) or 502 (refused), and the caller's transaction rolls back.
 */
async function openPartnerAccount(
  provider: PaymentProvider | undefined,
  input: CreateTenantInput,
): Promise<string> {
  if (!provider) return randomUUID();
  try {
    const account = await provider.createAccount({
      email: input.email,
      type: 'OWNED',
      public_profile: { business_name: input.name },
    });
    return account.id;
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new AppError(502, 'Payment provider refused to create the partner account', { cause: error });
    throw new AppError(503, 'Payment provider unavailable, please try again later', { cause: error });
  }
}
