import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** The platform's API on the page's own origin, typed by the generated schema (npm run web:api). */
export const api = createClient<paths>({ baseUrl: '' });

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type Success<Operation> = Operation extends { responses: infer Responses }
  ? 200 extends keyof Responses
    ? JsonOf<Responses[200]>
    : 201 extends keyof Responses
      ? JsonOf<Responses[201]>
      : never
  : never;

export type Business = Success<paths['/api/v1/public/tenants/{slug}']['get']>;
export type Outlet = Business['outlets'][number];
export type ServicePage = Success<paths['/api/v1/public/tenants/{slug}/services']['get']>;
export type Service = ServicePage['items'][number];
export type StaffMember = Success<paths['/api/v1/public/tenants/{slug}/staff']['get']>['items'][number];
export type Grid = Success<paths['/api/v1/public/tenants/{slug}/availability']['get']>;
export type Slot = Grid['availability_grid'][string][number];
export type Appointment = Success<paths['/api/v1/appointments/{appointment_id}']['get']>;
export type MyAppointment = Success<paths['/api/v1/appointments']['get']>['items'][number];
export type MyPackage = Success<paths['/api/v1/customer/packages']['get']>['items'][number];
export type PackageOnSale = Success<paths['/api/v1/customer/packages/browse']['get']>['items'][number];
export type MyPayment = Success<paths['/api/v1/customer/payments']['get']>['items'][number];

// The console's (staff token).
export type StaffLogin = Success<paths['/api/v1/auth/login']['post']>;
export type SignedInStaff = Success<paths['/api/v1/auth/complete-login']['post']>;
export type ConsoleOutlet = Success<paths['/api/v1/outlets']['get']>['items'][number];
export type ConsoleStaff = Success<paths['/api/v1/staff']['get']>['items'][number];
export type AvailabilityEntry = Success<paths['/api/v1/availability']['get']>['items'][number];
export type DayAppointment = MyAppointment;
export type ConsoleService = Success<paths['/api/v1/services']['get']>['items'][number];
export type ConsoleCustomer = Success<paths['/api/v1/customers']['get']>['items'][number];
export type CustomerHistory = Success<paths['/api/v1/customers/{customer_id}/appointments']['get']>;
export type CustomerVisit = CustomerHistory['appointments'][number];
export type HeldPackage = Success<paths['/api/v1/staff/customer-packages']['get']>['items'][number];
export type PackageForSale = Success<paths['/api/v1/packages']['get']>['items'][number];
export type PackageSale = Success<paths['/api/v1/staff/customer-packages']['get']>['items'][number];
export type CustomerCredit = Success<
  paths['/api/v1/staff/customer-packages/{customer_id}/credits']['get']
>[number];

export type ServiceCategory = Success<paths['/api/v1/services/categories']['get']>[number];
export type ResolvedPrice = Success<paths['/api/v1/services/{service_id}/price']['get']>;

export type Usage = Success<paths['/api/v1/subscriptions/usage']['get']>;
export type PlanOffer = Success<paths['/api/v1/subscriptions/plans']['get']>['plans'][number];

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The `{detail}` of an error answer as one sentence: a string, or the messages of a validation error, each
 * after the name of its field when `fields` names it (the last part of its `loc`, e.g. "base_price").
 */
export function detailOf(error: unknown, fields: Record<string, string> = {}): string | undefined {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return undefined;
  const detail = (error as { detail: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail))
    return detail
      .map((item: { msg?: unknown; loc?: unknown }) => {
        if (typeof item.msg !== 'string') return '';
        const field = Array.isArray(item.loc) ? fields[String(item.loc.at(-1))] : undefined;
        return field ? `${field}: ${item.msg}` : item.msg;
      })
      .filter(Boolean)
      .join('; ');
  return undefined;
}
