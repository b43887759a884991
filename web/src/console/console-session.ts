import type { SignedInStaff } from '../api/client';

export type Role = SignedInStaff['user']['role'];

/**
 * The signed-in staff member of the console, kept in sessionStorage like the customer's token: it goes with
 * the tab. `outletIds` and `staffId` are read from the access token's claims only to decide what to offer;
 * the API decides what the token may see and do.
 */
export interface ConsoleSession {
  accessToken: string;
  name: string;
  role: Role;
  tenant: { id: string; name: string; slug: string };
  outletIds: string[];
  staffId?: string;
}

const KEY = 'salon.console';

export function loadConsoleSession(): ConsoleSession | undefined {
  const stored = sessionStorage.getItem(KEY);
  if (!stored) return undefined;
  try {
    return JSON.parse(stored) as ConsoleSession;
  } catch {
    return undefined;
  }
}

export function saveConsoleSession(session: ConsoleSession | undefined): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

/** The claims of a JWT's payload (not verified here: the gateway verifies every call). */
function claimsOf(token: string): { outlet_ids?: unknown; staff_id?: unknown } {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    return JSON.parse(text) as { outlet_ids?: unknown; staff_id?: unknown };
  } catch {
    return {};
  }
}

/** The session of a sign-in answer (a tenant is always there for a tenant's staff). */
export function sessionOf(answer: SignedInStaff): ConsoleSession | undefined {
  if (!answer.tenant) return undefined;
  const claims = claimsOf(answer.access_token);
  return {
    accessToken: answer.access_token,
    name: `${answer.user.first_name} ${answer.user.last_name}`.trim(),
    role: answer.user.role,
    tenant: answer.tenant,
    outletIds: Array.isArray(claims.outlet_ids)
      ? claims.outlet_ids.filter((id) => typeof id === 'string')
      : [],
    staffId: typeof claims.staff_id === 'string' ? claims.staff_id : undefined,
  };
}

/**
 * What the console offers each role, as the API documents it (docs/openapi.json, "Roles: …"): selling
 * packages and redeeming credits are STAFF, TENANT_ADMIN and SUPER_ADMIN only; a STAFF member's calendar is
 * its own column. Outlets follow the API's outlet scope (service-kit's outlet-access): an OUTLET_MANAGER only
 * its token's outlets, STAFF and RECEPTIONIST those when the token lists any.
 */
export const mayUseCustomerPackages = (role: Role): boolean =>
  role === 'STAFF' || role === 'TENANT_ADMIN' || role === 'SUPER_ADMIN';

/** The plan page: upgrading is TENANT_ADMIN and SUPER_ADMIN only (POST /subscriptions/upgrade's roles). */
export const mayManagePlan = (role: Role): boolean => role === 'TENANT_ADMIN' || role === 'SUPER_ADMIN';

/**
 * The team page: staff and their hours are TENANT_ADMIN and SUPER_ADMIN only. An OUTLET_MANAGER may add and edit
 * its outlets' staff but manage only its own availability entries (scheduling's availability-access), so it is
 * not offered a page whose hours it could not set.
 */
export const mayManageTeam = (role: Role): boolean => role === 'TENANT_ADMIN' || role === 'SUPER_ADMIN';

/**
 * Services and prices: catalog lets TENANT_ADMIN and OUTLET_MANAGER write them (POST, PUT, POST …/pricing; a
 * manager prices only its own outlets) and only TENANT_ADMIN archive one (DELETE). SUPER_ADMIN is not among
 * the roles catalog accepts, so it is not offered the section.
 */
export const mayManageServices = (role: Role): boolean =>
  role === 'TENANT_ADMIN' || role === 'OUTLET_MANAGER';

export const mayArchiveServices = (role: Role): boolean => role === 'TENANT_ADMIN';

/** Packages: catalogue writes (POST, PATCH, DELETE /packages) are TENANT_ADMIN and SUPER_ADMIN only. */
export const mayManagePackages = (role: Role): boolean => role === 'TENANT_ADMIN' || role === 'SUPER_ADMIN';

/**
 * Business settings: the page changes the tenant (PUT /tenants/{id}: TENANT_ADMIN and SUPER_ADMIN) and adds
 * outlets (POST /outlets: TENANT_ADMIN only), so only the role that may do both is offered it.
 */
export const mayManageSettings = (role: Role): boolean => role === 'TENANT_ADMIN';

/**
 * Customers: identity lets every staff token read and add customers (GET and POST /customers), so the section is
 * offered to every role; editing one (PUT /customers/{id}) is TENANT_ADMIN, OUTLET_MANAGER and SUPER_ADMIN only.
 */
export const mayReadCustomers = (): boolean => true;

export const mayEditCustomers = (role: Role): boolean =>
  role === 'TENANT_ADMIN' || role === 'OUTLET_MANAGER' || role === 'SUPER_ADMIN';

/**
 * Recording a package's payment at the counter (POST /customer-packages/{id}/record-payment) is TENANT_ADMIN,
 * OUTLET_MANAGER, RECEPTIONIST and SUPER_ADMIN; finding the pending package needs GET /staff/customer-packages
 * (mayUseCustomerPackages), so only a role allowed both is offered it.
 */
export const mayRecordPackagePayment = (role: Role): boolean =>
  mayUseCustomerPackages(role) && role !== 'STAFF';

export const ownColumnOnly = (role: Role): boolean => role === 'STAFF';

export function outletScope(session: ConsoleSession): string[] | undefined {
  switch (session.role) {
    case 'OUTLET_MANAGER':
      return session.outletIds;
    case 'STAFF':
    case 'RECEPTIONIST':
      return session.outletIds.length > 0 ? session.outletIds : undefined;
    default:
      return undefined;
  }
}
