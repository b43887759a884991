import {
  AppError,
  badRequest,
  forbidden,
  newId,
  normalisePhone,
  type RequestContext,
} from '@salon/service-kit';
import { findLoginCandidates, type CustomerRecord } from '../db/customer.repository';
import { insertSession } from '../db/customer-session.repository';
import { listOutlets, type OutletRecord } from '../db/outlet.repository';
import { findTenant, type TenantRecord } from '../db/tenant.repository';
import { activeTenantBySlug } from './customer-access';
import { tenantRegion } from './phone-region';
import { SESSION_TTL_SECONDS, signCustomerTokens, type CustomerTokens } from './customer-tokens';
import type { IdentityDeps } from './deps';
import { rehashOnLogin } from './password-rehash';
import { verifyAgainstNothing, verifyPassword } from './passwords';

const invalidCredentials = () =>
  new AppError(401, 'Incorrect email, phone or password', { headers: { 'WWW-Authenticate': 'Bearer' } });

export interface CustomerSession {
  tokens: CustomerTokens;
  customer: CustomerRecord;
  tenant: TenantRecord;
  /** The tenant's active outlets (up to 100), and the customer's preferred one (else the first). */
  outlets: OutletRecord[];
  preferredOutlet: OutletRecord | undefined;
  /**
   * The spec's `gateway_id_enabled`: the tenant's `payments_enabled` where a payment provider opened its
   * account at registration; null (not configured) where this platform runs without a provider.
   */
  gatewayEnabled: boolean | null;
}

/**
 * POST /customer/auth/login. Without tenant_slug the customer's tenant is found from the e-mail or phone; when
 * several tenants know it the caller must name one. Password first, then the deactivation 403, then a session.
 */
export async function customerLogin(
  deps: IdentityDeps,
  _ctx: RequestContext,
  input: { email?: string; phone?: string; password: string; tenant_slug?: string },
): Promise<CustomerSession> {
  if (!input.email && !input.phone) throw badRequest('Either email or phone is required');
  const named = input.tenant_slug ? await activeTenantBySlug(deps.db.orm, input.tenant_slug) : undefined;
  const tenantId = named?.id;
  // Without a business named, a local number is read as Indonesian (the default region; see the decisions).
  const contact = input.email
    ? { email: input.email }
    : { phone: normalisePhone(input.phone!, tenantRegion(named), ['body', 'phone']) };
  const candidates = await findLoginCandidates(deps.db.orm, contact, tenantId);
  if (candidates.length > 1)
    throw badRequest(
      `tenant_slug is required: this ${input.email ? 'email' : 'phone'} is registered with several businesses`,
    );
  const [customer] = candidates;
  const valid = customer?.password_hash
    ? await verifyPassword(input.password, customer.password_hash)
    : await verifyAgainstNothing(input.password, deps.passwordCostLog2);
  if (!customer || !valid) throw invalidCredentials();
  if (!customer.is_active) throw forbidden('Account is deactivated');
  await rehashOnLogin(
    deps,
    { kind: 'customer', id: customer.id, password_hash: customer.password_hash! },
    input.password,
  );

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
    const preferredOutlet =
      outlets.find((outlet) => outlet.id === customer.preferences.preferred_outlet_ids[0]) ?? outlets[0];
    return {
      tokens: signCustomerTokens(deps, customer, sessionId, refreshJti, SESSION_TTL_SECONDS),
      customer,
      tenant,
      outlets,
      preferredOutlet,
      gatewayEnabled: deps.paymentProvider ? tenant.settings.payments_enabled : null,
    };
  });
}
