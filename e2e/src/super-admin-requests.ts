import { randomBytes } from 'node:crypto';
import { localDate } from '@salon/testing';
import type { PathIds } from './security-tenants';

/**
 * A valid request (query and body) for each route a tenant-scoped SUPER_ADMIN may call, on a seeded
 * tenant's records. An empty body would be refused by validation (422) before a use case ever asks for the
 * tenant, so the matrix could not see a route that refuses the SUPER_ADMIN's tenant after validation; with
 * these, every call reaches its use case. Routes absent here take no body and need no query.
 */
export interface SuperAdminRequest {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const jakartaDate = (daysAhead: number) => localDate('Asia/Jakarta', daysAhead);

export function superAdminRequests(ids: PathIds): Record<string, SuperAdminRequest> {
  const unique = randomBytes(4).toString('hex');
  // The seeded staff member works 09:00–17:00 five days ahead.
  const workingDay = jakartaDate(5);
  return {
    'POST /tenants': {
      body: {
        name: `Admin Made ${unique}`,
        email: `owner-${unique}@admin-made.example`,
        phone: `+62813${String(Number.parseInt(unique, 16) % 1e8).padStart(8, '0')}`,
        admin_email: `admin-${unique}@admin-made.example`,
        admin_password: 'Secret123',
        admin_first_name: 'Admin',
        admin_last_name: 'Made',
      },
    },
    'PUT /tenants/{tenant_id}': { body: { description: 'Edited by the platform operator' } },
    'POST /users': {
      body: {
        email: `user-${unique}@admin-made.example`,
        password: 'Secret123',
        first_name: 'Made',
        last_name: 'ByAdmin',
        role: 'STAFF',
        outlet_ids: [ids.outlet_id],
      },
    },
    'PUT /users/{user_id}': { body: { is_active: true } },
    'PUT /customers/{customer_id}': { body: { first_name: 'Clara' } },
    'POST /staff': {
      body: {
        outlet_id: ids.outlet_id,
        first_name: 'Made',
        last_name: 'ByAdmin',
        email: `staff-${unique}@admin-made.example`,
        position: 'Stylist',
        employment_type: 'full_time',
      },
    },
    'PUT /staff/{staff_id}': { body: { display_name: 'Stylist C' } },
    'PUT /reviews/{review_id}/hide': { body: { reason: 'Abusive language' } },
    'POST /packages': {
      body: {
        name: `Admin Bundle ${unique}`,
        package_items: [{ service_id: ids.service_id, quantity: 2 }],
        package_price: '200000',
      },
    },
    'PATCH /packages/{package_id}': { body: { description: 'Edited by the platform operator' } },
    'POST /staff/customer-packages': {
      body: {
        customer_id: ids.customer_id,
        package_id: ids.package_id,
        outlet_id: ids.outlet_id,
        amount_paid: '300000',
      },
    },
    'POST /staff/customer-packages/credits/redeem': {
      body: { customer_id: ids.customer_id, service_id: ids.service_id },
    },
    'PUT /staff/{staff_id}/commission': { body: { service_percent: '10', package_percent: '5' } },
    'POST /customer-packages/{customer_package_id}/record-payment': {
      body: { amount: '1000', payment_method: 'cash' },
    },
    'POST /customer/package-payments/{customer_package_id}/record-payment': {
      body: { amount: '1000', payment_method: 'cash' },
    },
    'POST /payments/{payment_id}/refund': { body: { reason: 'Service not delivered' } },
    'POST /customers/{customer_id}/wallet/credits': { body: { amount: '10000', reason: 'Goodwill' } },
    'POST /subscriptions/deactivate': { body: { reason: 'Security matrix' } },
    'PATCH /token-usage/quota/{customer_id}': { body: { daily_quota: 100 } },
    'POST /webhook-endpoints': {
      // A public literal address: names do not resolve on a machine without a network, and private
      // addresses are refused here (no deliveries are caused: tenant C books nothing after this).
      body: { url: 'https://93.184.216.34/salon-hook', event_types: ['customer.created'] },
    },
    'PATCH /webhook-endpoints/{endpoint_id}': { body: { description: 'Edited by the platform operator' } },
    'GET /staff/{staff_id}/commission/report': { query: { from: jakartaDate(-30), to: jakartaDate(0) } },
    'GET /merchant/statement': { query: { from: jakartaDate(-30), to: jakartaDate(0) } },
    // Routes the spec opens to SUPER_ADMIN without a role list in the routing table (any staff role).
    'GET /availability/availability-grid': {
      query: { service_id: ids.service_id, outlet_id: ids.outlet_id, start_date: workingDay },
    },
  };
}

/**
 * Routes with no role list (any staff role) that the spec names SUPER_ADMIN for explicitly; the matrix covers
 * them beside the routes whose role list includes SUPER_ADMIN.
 */
export const SUPER_ADMIN_NAMED_BY_SPEC = ['GET /availability', 'GET /availability/availability-grid'];
