import { sql } from 'drizzle-orm';
import { tenantSettingsSchema, type TenantSettings } from '@salon/contracts';
import { iso, lockFor, selectRows, type Executor } from '@salon/service-kit';
import { updateSet } from './update-set';

export interface TenantRecord {
  id: string;
  name: string;
  slug: string;
  email: string;
  phone: string | null;
  description: string | null;
  website: string | null;
  /** Branding (https address of the logo, colour as #RRGGBB); null when not set. */
  logo_url: string | null;
  theme_color: string | null;
  is_active: boolean;
  subscription_id: string;
  client_partner_id: string;
  client_partner_number: string;
  settings: TenantSettings;
  version: number;
  created_at: string;
  updated_at: string;
}

type NewTenant = Omit<TenantRecord, 'version' | 'created_at' | 'updated_at'>;

const toTenant = (row: TenantRecord): TenantRecord => ({
  ...row,
  // Settings added later (payments_enabled, …) take their defaults on rows stored before them.
  settings: tenantSettingsSchema.parse(row.settings),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** Serialises tenant creations, so duplicate checks and the slug choice never race (one global lock). */
export async function lockTenantCreation(tx: Executor): Promise<void> {
  await lockFor(tx, 'identity.create-tenant', 'all');
}

/** Locks the tenant's row until the transaction ends (what is counted against its plan stays put). */
export async function lockTenantRow(tx: Executor, tenantId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM identity.tenants WHERE id = ${tenantId} FOR UPDATE`);
}

export async function insertTenant(tx: Executor, tenant: NewTenant): Promise<TenantRecord> {
  const [row] = await selectRows<TenantRecord>(
    tx,
    sql`INSERT INTO identity.tenants (id, name, slug, email, phone, description, website, logo_url, theme_color,
          is_active, subscription_id, client_partner_id, client_partner_number, settings)
        VALUES (${tenant.id}, ${tenant.name}, ${tenant.slug}, ${tenant.email}, ${tenant.phone}, ${tenant.description},
          ${tenant.website}, ${tenant.logo_url}, ${tenant.theme_color}, ${tenant.is_active}, ${tenant.subscription_id},
          ${tenant.client_partner_id}, ${tenant.client_partner_number}, ${JSON.stringify(tenant.settings)}::jsonb)
        RETURNING *`,
  );
  return toTenant(row!);
}

export async function findTenant(
  executor: Executor,
  tenantId: string,
  { forUpdate = false } = {},
): Promise<TenantRecord | undefined> {
  const [row] = await selectRows<TenantRecord>(
    executor,
    sql`SELECT * FROM identity.tenants WHERE id = ${tenantId} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row && toTenant(row);
}

/** Which of the unique business fields another tenant already uses (name compared case-insensitively). */
export async function findTenantDuplicates(
  executor: Executor,
  fields: { name?: string; email?: string; phone?: string | null },
  exceptTenantId: string | null = null,
): Promise<{ name: boolean; email: boolean; phone: boolean }> {
  const [row] = await selectRows<{ name: boolean; email: boolean; phone: boolean }>(
    executor,
    sql`SELECT
          coalesce(bool_or(lower(name) = lower(${fields.name ?? null}::text)), false) AS name,
          coalesce(bool_or(lower(email) = lower(${fields.email ?? null}::text)), false) AS email,
          coalesce(bool_or(phone = ${fields.phone ?? null}::text), false) AS phone
        FROM identity.tenants
        WHERE id IS DISTINCT FROM ${exceptTenantId}::char(24)`,
  );
  return row!;
}

/** Slugs equal to `base` or `base-<digits>`, for choosing the next free suffix. */
export async function slugsLike(executor: Executor, base: string): Promise<string[]> {
  const rows = await selectRows<{ slug: string }>(
    executor,
    sql`SELECT slug FROM identity.tenants WHERE slug = ${base} OR slug ~ ${`^${base}-[0-9]+$`}`,
  );
  return rows.map((row) => row.slug);
}

/** A tenant with its plan and plan status from billing's replica (null when billing has not told yet). */
export type TenantListRow = TenantRecord & { plan: string | null; plan_status: string | null };

export async function listTenants(
  executor: Executor,
  { skip, limit, isActive }: { skip: number; limit: number; isActive?: boolean },
): Promise<TenantListRow[]> {
  const rows = await selectRows<TenantListRow>(
    executor,
    sql`SELECT t.*, p.plan, p.status AS plan_status
        FROM identity.tenants t LEFT JOIN identity.plan_limits p ON p.tenant_id = t.id
        WHERE ${isActive === undefined ? sql`true` : sql`t.is_active = ${isActive}`}
        ORDER BY t.created_at DESC, t.id DESC
        OFFSET ${skip} LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...toTenant(row), plan: row.plan, plan_status: row.plan_status }));
}

export type TenantChanges = Partial<
  Pick<
    TenantRecord,
    | 'name'
    | 'email'
    | 'phone'
    | 'description'
    | 'website'
    | 'logo_url'
    | 'theme_color'
    | 'settings'
    | 'is_active'
  >
>;

export async function updateTenant(
  tx: Executor,
  tenantId: string,
  changes: TenantChanges,
): Promise<TenantRecord> {
  const [row] = await selectRows<TenantRecord>(
    tx,
    sql`UPDATE identity.tenants SET ${updateSet(changes, { settings: 'jsonb' })}
        WHERE id = ${tenantId} RETURNING *`,
  );
  return toTenant(row!);
}

export async function findTenantBySlug(executor: Executor, slug: string): Promise<TenantRecord | undefined> {
  const [row] = await selectRows<TenantRecord>(
    executor,
    sql`SELECT * FROM identity.tenants WHERE slug = ${slug}`,
  );
  return row && toTenant(row);
}
