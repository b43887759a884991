import {
  AppError,
  CUSTOMER_ACCESS_TTL_SECONDS,
  REFRESH_TTL_SECONDS,
  badRequest,
  forbidden,
  newId,
  notFound,
  type CustomerAuth,
  type Executor,
} from '@salon/service-kit';
import {
  findCustomer,
  findLoginCandidates,
  updateCustomer,
  type CustomerRecord,
} from '../db/customer.repository';
import {
  countFailedAttempt,
  deleteVerificationCode,
  endSession,
  insertSession,
  invalidateSessionsOf,
  lockSession,
  lockVerificationCode,
  rotateSessionRefresh,
  type VerificationChannel,
} from '../db/customer-session.repository';
import { listOutlets, type OutletRecord } from '../db/outlet.repository';
import { findTenant, findTenantBySlug, type TenantRecord } from '../db/tenant.repository';
import { createCustomer } from './create-customer';
import { MAX_CODE_ATTEMPTS, hashVerificationCode, selfDefaults } from './customer-rules';
import type { IdentityDeps } from './deps';
import { publishCustomerUpdated } from './events';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';

/** Spec: a session (and its refresh token) lasts 30 days after login. */
export const SESSION_TTL_SECONDS = REFRESH_TTL_SECONDS;

const invalidCredentials = () =>
  new AppError(401, 'Incorrect email, phone or password', { headers: { 'WWW-Authenticate': 'Bearer' } });
const invalidRefresh = () =>
  new AppError(401, 'Invalid or expired refresh token', { headers: { 'WWW-Authenticate': 'Bearer' } });
const tenantNotFound = () => notFound('Tenant not found');

/** A tenant that customers can use: it exists and is active (an inactive one is not found). */
async function activeTenantBySlug(executor: Executor, slug: string): Promise<TenantRecord> {
  const tenant = await findTenantBySlug(executor, slug);
  if (!tenant?.is_active) throw tenantNotFound();
  return tenant;
}

export interface CustomerRegistration {
  tenant_slug: string;
  email?: string;
  phone?: string;
  password: string;
  first_name: string;
  last_name: string;
  marketing_consent?: boolean;
}

/** POST /customer/auth/register. The codes travel to notifications in identity.customer.registered.v1. */
export async function registerCustomer(
  deps: IdentityDeps,
  input: CustomerRegistration,
  correlationId?: string,
) {
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const tenant = await activeTenantBySlug(deps.db.orm, input.tenant_slug);
  const { customer } = await createCustomer(
    deps,
    {
      tenant_id: tenant.id,
      email: input.email ?? null,
      phone: input.phone ?? null,
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      date_of_birth: null,
      gender: null,
      address: null,
      avatar_url: null,
      tags: [],
      is_active: true,
      preferences: selfDefaults(input.marketing_consent ?? false),
    },
    'self_registration',
    correlationId,
  );
  return {
    customer_id: customer.id,
    email: customer.email,
    phone: customer.phone,
    first_name: customer.first_name,
    last_name: customer.last_name,
    tenant_id: customer.tenant_id,
    email_verification_required: customer.email !== null,
    phone_verification_required: customer.phone !== null,
    message: 'Registration successful. A verification code has been sent to each contact you gave.',
  };
}

export interface CustomerTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

function signTokens(
  deps: IdentityDeps,
  customer: { id: string; tenant_id: string },
  sessionId: string,
  refreshJti: string,
  refreshTtlSeconds: number,
): CustomerTokens {
  const claims = { sub: customer.id, tenant_id: customer.tenant_id, session_id: sessionId };
  return {
    access_token: deps.signer.signCustomerAccess(claims, CUSTOMER_ACCESS_TTL_SECONDS),
    refresh_token: deps.signer.signRefresh(
      { ...claims, customer_id: customer.id, jti: refreshJti, kind: 'customer' },
      refreshTtlSeconds,
    ),
    token_type: 'bearer',
    expires_in: CUSTOMER_ACCESS_TTL_SECONDS,
  };
}

const outletView = (outlet: OutletRecord) => ({
  id: outlet.id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  business_hours: outlet.business_hours,
});

/** true enabled, false disabled, null when the tenant's payment settings do not say. */
function gatewayEnabled(tenant: TenantRecord): boolean | null {
  const value = (tenant.settings as unknown as Record<string, unknown>).gateway_id_enabled;
  return typeof value === 'boolean' ? value : null;
}

/**
 * POST /customer/auth/login. Without tenant_slug the customer's tenant is found from the e-mail or phone; when
 * several tenants know it the caller must name one. Password first, then the deactivation 403, then a session.
 */
export async function customerLogin(
  deps: IdentityDeps,
  input: { email?: string; phone?: string; password: string; tenant_slug?: string },
) {
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const contact = input.email ? { email: input.email } : { phone: input.phone! };
  const tenantId = input.tenant_slug
    ? (await activeTenantBySlug(deps.db.orm, input.tenant_slug)).id
    : undefined;
  const candidates = await findLoginCandidates(deps.db.orm, contact, tenantId);
  if (candidates.length > 1)
    throw badRequest(
      `tenant_slug is required: this ${input.email ? 'email' : 'phone'} is registered with several businesses`,
    );
  const [customer] = candidates;
  const valid = customer?.password_hash
    ? await verifyPassword(input.password, customer.password_hash)
    : await verifyAgainstNothing(input.password);
  if (!customer || !valid) throw invalidCredentials();
  if (!customer.is_active) throw forbidden('Account is deactivated');

  return deps.db.withTx(async (tx) => {
    const tenant = (await findTenant(tx, customer.tenant_id))!;
    const sessionId = newId();
    const refreshJti = newId();
    await insertSession(tx, {
      id: sessionId,
      customer_id: customer.id,
      tenant_id: customer.tenant_id,
      refresh_jti: refreshJti,
      ttlSeconds: SESSION_TTL_SECONDS,
    });
    const { items: outlets } = await listOutlets(tx, tenant.id, {
      offset: 0,
      limit: 100,
      isActive: true,
      firstIds: [],
    });
    const preferred =
      outlets.find((outlet) => outlet.id === customer.preferences.preferred_outlet_ids[0]) ?? outlets[0];
    return {
      ...signTokens(deps, customer, sessionId, refreshJti, SESSION_TTL_SECONDS),
      customer: {
        id: customer.id,
        email: customer.email,
        first_name: customer.first_name,
        last_name: customer.last_name,
        phone: customer.phone,
        email_verified: customer.email_verified,
        phone_verified: customer.phone_verified,
      },
      // Branding fields are not stored on tenants yet: null until the tenant settings carry them.
      tenant: {
        id: tenant.id,
        name: tenant.name,
        slug: tenant.slug,
        description: tenant.description,
        logo_url: null,
        theme_color: null,
      },
      outlets: outlets.map(outletView),
      preferred_outlet: preferred ? outletView(preferred) : null,
      gateway_id_enabled: gatewayEnabled(tenant),
    };
  });
}

/** POST /customer/auth/logout: single logout also invalidates every session of the customer (spec). */
export async function customerLogout(deps: IdentityDeps, auth: CustomerAuth, everywhere: boolean) {
  await deps.db.withTx((tx) =>
    invalidateSessionsOf(tx, auth.customerId, everywhere ? 'logout_all_devices' : 'logout'),
  );
  return {
    success: true as const,
    message: everywhere ? 'Logged out from all devices' : 'Logged out successfully',
  };
}

/**
 * POST /customer/auth/refresh: the session must be active and unexpired and the token its current one. A
 * refresh token presented after it was rotated means it leaked: the session is invalidated (commits), 401.
 */
export async function refreshCustomerTokens(
  deps: IdentityDeps,
  refreshToken: string,
): Promise<CustomerTokens> {
  let claims;
  try {
    claims = deps.verifier.verifyRefresh(refreshToken);
  } catch {
    throw invalidRefresh();
  }
  const sessionId = claims.session_id;
  if (claims.kind !== 'customer' || typeof sessionId !== 'string') throw invalidRefresh();

  const outcome = await deps.db.withTx(async (tx): Promise<CustomerTokens | 'invalid'> => {
    const session = await lockSession(tx, sessionId);
    if (!session || session.status !== 'active' || session.customer_id !== claims.sub) return 'invalid';
    if (session.past_expiry) {
      await endSession(tx, session.id, 'expired', 'expired');
      return 'invalid';
    }
    if (session.refresh_jti !== claims.jti) {
      await endSession(tx, session.id, 'invalidated', 'security');
      return 'invalid';
    }
    const customer = await findCustomer(tx, session.tenant_id, session.customer_id);
    const tenant = await findTenant(tx, session.tenant_id);
    if (!customer?.is_active || !tenant?.is_active) return 'invalid';
    const refreshJti = newId();
    await rotateSessionRefresh(tx, session.id, refreshJti);
    const remaining = Math.max(1, Math.floor((Date.parse(session.expires_at) - Date.now()) / 1000));
    return signTokens(deps, customer, session.id, refreshJti, remaining);
  });
  if (outcome === 'invalid') throw invalidRefresh();
  return outcome;
}

/** The signed-in customer, or 404 when the record is gone (deleted account) or soft-deleted. */
export async function currentCustomer(
  executor: Executor,
  auth: CustomerAuth,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRecord> {
  const customer = await findCustomer(executor, auth.tenantId, auth.customerId, options);
  if (!customer) throw notFound('Customer not found');
  return customer;
}

const invalidCode = () => badRequest('Invalid or expired verification code');

/**
 * POST /customer/auth/verify-email and verify-phone: the channel's current code, unexpired, with fewer than
 * 5 wrong attempts. A wrong attempt is counted (that commits) and answers 400.
 */
export async function verifyContact(
  deps: IdentityDeps,
  auth: CustomerAuth,
  channel: VerificationChannel,
  code: string,
  correlationId?: string,
) {
  const outcome = await deps.db.withTx(async (tx): Promise<CustomerRecord | 'invalid'> => {
    const customer = await currentCustomer(tx, auth, { forUpdate: true });
    const stored = await lockVerificationCode(tx, customer.id, channel);
    if (!stored || stored.expired || stored.attempts >= MAX_CODE_ATTEMPTS) return 'invalid';
    if (stored.code_hash !== hashVerificationCode(customer.id, channel, code)) {
      await countFailedAttempt(tx, customer.id, channel);
      return 'invalid';
    }
    await deleteVerificationCode(tx, customer.id, channel);
    const updated = await updateCustomer(
      tx,
      customer.id,
      channel === 'email' ? { email_verified: true } : { phone_verified: true },
    );
    await publishCustomerUpdated(deps, tx, updated, correlationId);
    return updated;
  });
  if (outcome === 'invalid') throw invalidCode();
  return {
    success: true as const,
    message: channel === 'email' ? 'Email verified' : 'Phone verified',
    email_verified: outcome.email_verified,
    phone_verified: outcome.phone_verified,
  };
}
