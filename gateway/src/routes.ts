import type { Role } from '@salon/service-kit';

/**
 * The routing table: every path of the API under /api/v1, the service that owns it and the area it belongs to.
 *
 * One row per method and path, grouped by owning service. Paths are OpenAPI templates relative to /api/v1;
 * a literal segment always wins over a parameter, so where one prefix is split between services the more
 * specific row decides (`/customers/profile` is identity's customer area, `/customers/{customer_id}` is
 * identity's staff area, `/customers/{customer_id}/appointments` is scheduling, and
 * `/customers/{customer_id}/wallet/credits` is commerce). Anything not in this table is a 404 from the
 * gateway itself. The security matrix and the OpenAPI document are generated from it, so a new route is a
 * new row here.
 *
 * Areas:
 * - public: no token; rate-limited per client address.
 * - customer: a customer access token; a staff token is 403.
 * - staff: a staff access token; a customer token is 403.
 * - either: a staff or a customer access token (each limited as its own kind).
 * - internal: forwarded only with a valid X-Internal-Token; otherwise 404, as if the path did not exist.
 * - provider-callback: a provider's callback (payment invoices, WhatsApp statuses); no token (the owning
 *   service checks the callback token or signature), its own generous limit instead of the public one.
 *
 * `roles` records the staff roles the spec names for the route (documentation and the security matrix;
 * the owning service enforces them). Absent means any staff role.
 */

export const SERVICES = [
  'identity',
  'catalog',
  'scheduling',
  'commerce',
  'billing',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export const AREAS = ['public', 'customer', 'staff', 'either', 'internal', 'provider-callback'] as const;
export type Area = (typeof AREAS)[number];

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export interface Route {
  method: Method;
  /** OpenAPI path template relative to /api/v1, e.g. `/services/{service_id}`. */
  path: string;
  service: ServiceName;
  area: Area;
  summary: string;
  roles?: readonly Role[];
}

/** The prefix every routed path lives under; upstreams receive the same path, prefix included. */
export const API_PREFIX = '/api/v1';

/**
 * What the internet reaches: the path prefixes the Kubernetes HTTPRoute and Ingress send to the gateway
 * (written from this list by deploy/test/exposure-write-routes.ts). Everything else the gateway serves,
 * `/healthz` and `/readyz` among it, stays inside the cluster: the API and the booking and console pages.
 */
export const PUBLIC_PATH_PREFIXES: readonly string[] = [API_PREFIX, '/book', '/console'];

const SA = 'SUPER_ADMIN';
const TA = 'TENANT_ADMIN';
const OM = 'OUTLET_MANAGER';
const ST = 'STAFF';
const RC = 'RECEPTIONIST';

const route = (
  method: Method,
  path: string,
  service: ServiceName,
  area: Area,
  summary: string,
  roles?: readonly Role[],
): Route =>
  roles ? { method, path, service, area, summary, roles } : { method, path, service, area, summary };

// prettier-ignore
export const ROUTES: readonly Route[] = [
  // ── identity: registration, staff sign-in, tenants ──────────────────────────────────────────────────
  route('POST',   '/public/register',                    'identity', 'public',   'Register a business: tenant, admin user, first outlet'),
  route('GET',    '/public/tenants/{slug}',              'identity', 'public',   'A business and its active outlets, by slug (public booking API)'),
  route('POST',   '/auth/login',                         'identity', 'public',   'Staff sign-in (token, or the list of organisations)'),
  route('POST',   '/auth/complete-login',                'identity', 'public',   'Staff sign-in, second step: choose the organisation'),
  route('POST',   '/auth/refresh',                       'identity', 'public',   'Exchange a staff refresh token for a new pair'),
  route('POST',   '/auth/logout',                        'identity', 'staff',    'Staff logout: this session, or every one with everywhere=true'),
  route('POST',   '/auth/password/forgot',               'identity', 'public',   'Ask for a staff password reset code by e-mail'),
  route('POST',   '/auth/password/reset',                'identity', 'public',   'Set a new staff password with the reset code'),
  route('POST',   '/auth/password/change',               'identity', 'staff',    'Change the signed-in staff user\'s password'),
  route('POST',   '/tenants',                            'identity', 'staff',    'Create a tenant with its admin user', [SA]),
  route('GET',    '/tenants',                            'identity', 'staff',    'List tenants', [SA]),
  route('GET',    '/tenants/{tenant_id}',                'identity', 'staff',    'Tenant with settings and subscription', [SA, TA, OM, ST]),
  route('PUT',    '/tenants/{tenant_id}',                'identity', 'staff',    'Update a tenant and its settings', [SA, TA]),
  route('DELETE', '/tenants/{tenant_id}',                'identity', 'staff',    'Deactivate a tenant', [SA]),
  route('GET',    '/tenants/{tenant_id}/stats',          'identity', 'staff',    'Tenant statistics', [SA, TA]),
  route('POST',   '/tenants/{tenant_id}/reactivate',     'identity', 'staff',    'Reactivate a deactivated tenant', [SA]),
  // identity: staff users, outlets, audit log
  route('POST',   '/users',                              'identity', 'staff',    'Create a staff user in the tenant', [SA, TA]),
  route('GET',    '/users',                              'identity', 'staff',    'List the tenant\'s staff users', [SA, TA, OM]),
  route('GET',    '/users/{user_id}',                    'identity', 'staff',    'Staff user', [SA, TA, OM]),
  route('PUT',    '/users/{user_id}',                    'identity', 'staff',    'Update a staff user\'s membership', [SA, TA]),
  route('DELETE', '/users/{user_id}',                    'identity', 'staff',    'Deactivate a staff user\'s membership', [SA, TA]),
  route('POST',   '/outlets',                            'identity', 'staff',    'Create an outlet', [TA]),
  route('GET',    '/outlets',                            'identity', 'staff',    'List outlets'),
  route('GET',    '/outlets/{outlet_id}',                'identity', 'staff',    'Outlet'),
  route('PUT',    '/outlets/{outlet_id}',                'identity', 'staff',    'Update an outlet (OUTLET_MANAGER: its own)', [TA, OM]),
  route('DELETE', '/outlets/{outlet_id}',                'identity', 'staff',    'Deactivate an outlet', [TA]),
  route('GET',    '/audit-logs',                         'identity', 'staff',    'Audit log entries', [SA, TA]),
  // identity: customer authentication
  route('POST',   '/customer/auth/register',             'identity', 'public',   'Customer registration'),
  route('POST',   '/customer/auth/login',                'identity', 'public',   'Customer login'),
  route('POST',   '/customer/auth/refresh',              'identity', 'public',   'Exchange a customer refresh token for a new pair'),
  route('POST',   '/customer/auth/logout',               'identity', 'customer', 'Customer logout'),
  route('POST',   '/customer/auth/password/forgot',      'identity', 'public',   'Ask for a customer password reset code (e-mail or SMS)'),
  route('POST',   '/customer/auth/password/reset',       'identity', 'public',   'Set a new customer password with the reset code'),
  route('POST',   '/customer/auth/password/change',      'identity', 'customer', 'Change the signed-in customer\'s password'),
  route('POST',   '/customer/auth/verify-email',         'identity', 'customer', 'Verify the customer\'s e-mail with a code'),
  route('POST',   '/customer/auth/verify-phone',         'identity', 'customer', 'Verify the customer\'s phone with a code'),
  route('POST',   '/customer/auth/verify-email/resend',  'identity', 'customer', 'Send a new e-mail verification code'),
  route('POST',   '/customer/auth/verify-phone/resend',  'identity', 'customer', 'Send a new phone verification code'),
  // identity: the customer's own account (literal segments: they win over /customers/{customer_id})
  route('GET',    '/customers/profile',                  'identity', 'customer', 'Customer profile'),
  route('POST',   '/customers/profile',                  'identity', 'customer', 'Update the customer profile'),
  route('GET',    '/customers/preferences',              'identity', 'customer', 'Customer preferences'),
  route('PUT',    '/customers/preferences',              'identity', 'customer', 'Update the customer preferences'),
  route('PUT',    '/customers/consent',                  'identity', 'customer', 'Give or withdraw consent'),
  route('DELETE', '/customers/account',                  'identity', 'customer', 'Delete the customer account'),
  // identity: customer management by staff
  route('GET',    '/customers',                          'identity', 'staff',    'List customers'),
  route('POST',   '/customers',                          'identity', 'staff',    'Create a customer'),
  route('GET',    '/customers/{customer_id}',            'identity', 'staff',    'Customer'),
  route('PUT',    '/customers/{customer_id}',            'identity', 'staff',    'Update a customer', [TA, OM, SA]),
  route('DELETE', '/customers/{customer_id}',            'identity', 'staff',    'Delete a customer (soft, or permanent by SUPER_ADMIN)', [TA, SA]),
  route('PUT',    '/customers/{customer_id}/preferences', 'identity', 'staff',   'Update a customer\'s preferences'),

  // ── catalog ─────────────────────────────────────────────────────────────────────────────────────────
  route('GET',    '/services',                           'catalog',  'either',   'List services'),
  route('POST',   '/services',                           'catalog',  'staff',    'Create a service', [TA, OM]),
  route('GET',    '/services/categories',                'catalog',  'either',   'Service categories with counts'),
  route('GET',    '/services/categories/templates',      'catalog',  'either',   'Service category templates'),
  route('GET',    '/services/{service_id}',              'catalog',  'either',   'Service'),
  route('PUT',    '/services/{service_id}',              'catalog',  'staff',    'Update a service', [TA, OM]),
  route('DELETE', '/services/{service_id}',              'catalog',  'staff',    'Archive a service', [TA]),
  route('POST',   '/services/{service_id}/pricing',      'catalog',  'staff',    'Set outlet prices', [TA, OM]),
  route('GET',    '/services/{service_id}/price',        'catalog',  'either',   'Resolved price of a service at an outlet'),
  route('GET',    '/public/tenants/{slug}/services',     'catalog', 'public',    'A business\'s bookable services with prices for an outlet (public booking API)'),

  // ── scheduling: staff members ───────────────────────────────────────────────────────────────────────
  route('GET',    '/staff',                              'scheduling', 'staff',  'List staff members'),
  route('POST',   '/staff',                              'scheduling', 'staff',  'Create a staff member', [SA, TA, OM]),
  route('GET',    '/staff/positions/templates',          'scheduling', 'staff',  'Staff position templates'),
  route('POST',   '/staff/appointments',                 'scheduling', 'staff',  'Book an appointment for a customer (staff flow)'),
  route('GET',    '/staff/{staff_id}',                   'scheduling', 'staff',  'Staff member'),
  route('PUT',    '/staff/{staff_id}',                   'scheduling', 'staff',  'Update a staff member', [SA, TA, OM]),
  route('DELETE', '/staff/{staff_id}',                   'scheduling', 'staff',  'Terminate a staff member', [SA, TA]),
  route('GET',    '/staff/{staff_id}/appointments',      'scheduling', 'staff',  'A staff member\'s appointments'),
  // scheduling: availability
  route('GET',    '/availability',                       'scheduling', 'staff',  'List availability entries'),
  route('POST',   '/availability',                       'scheduling', 'staff',  'Create an availability entry or a recurring pattern'),
  route('POST',   '/availability/bulk',                  'scheduling', 'staff',  'Create several availability entries, all or nothing'),
  route('GET',    '/availability/check',                 'scheduling', 'staff',  'Check a staff member\'s availability'),
  route('GET',    '/availability/availability-grid',     'scheduling', 'staff',  'Availability grid'),
  route('PUT',    '/availability/{availability_id}',     'scheduling', 'staff',  'Update an availability entry'),
  route('DELETE', '/availability/{availability_id}',     'scheduling', 'staff',  'Delete an availability entry'),
  route('GET',    '/public/tenants/{slug}/availability', 'scheduling', 'public', 'Public availability grid (no staff personal data)'),
  route('GET',    '/public/tenants/{slug}/staff',        'scheduling', 'public', 'Bookable staff of an outlet, for a service (public booking API)'),
  // scheduling: appointments
  route('POST',   '/appointments',                       'scheduling', 'either', 'Book an appointment'),
  route('GET',    '/appointments',                       'scheduling', 'either', 'List appointments (staff: the tenant\'s; customer: own)'),
  route('GET',    '/appointments/stream',                'scheduling', 'staff',  'The live calendar: an outlet\'s appointment changes as server-sent events'),
  route('GET',    '/appointments/{appointment_id}',      'scheduling', 'either', 'Appointment'),
  route('PUT',    '/appointments/{appointment_id}/reschedule', 'scheduling', 'either', 'Reschedule an appointment'),
  route('PUT',    '/appointments/{appointment_id}/cancel', 'scheduling', 'either', 'Cancel an appointment'),
  route('PUT',    '/appointments/{appointment_id}/status', 'scheduling', 'staff', 'Move an appointment through its statuses'),
  // split prefix: /customers/{customer_id}/appointments belongs to scheduling, not identity
  route('GET',    '/customers/{customer_id}/appointments', 'scheduling', 'staff', 'A customer\'s appointments with statistics'),
  // scheduling: calendar feeds (the feed itself is public: its secret token in the path is the credential)
  route('POST',   '/staff/{staff_id}/calendar-feed',     'scheduling', 'staff',  'Create or rotate a staff member\'s calendar feed (itself, or its manager)'),
  route('GET',    '/staff/{staff_id}/calendar-feed',     'scheduling', 'staff',  'A staff member\'s live calendar feed (without its token)'),
  route('DELETE', '/staff/{staff_id}/calendar-feed',     'scheduling', 'staff',  'Revoke a staff member\'s calendar feed'),
  route('POST',   '/customer/calendar-feed',             'scheduling', 'customer', 'Create or rotate the customer\'s calendar feed'),
  route('GET',    '/customer/calendar-feed',             'scheduling', 'customer', 'The customer\'s live calendar feed (without its token)'),
  route('DELETE', '/customer/calendar-feed',             'scheduling', 'customer', 'Revoke the customer\'s calendar feed'),
  route('GET',    '/public/calendar-feeds/{feed_token}', 'scheduling', 'public', 'An ICS calendar feed by its secret token (RFC 5545; ETag, 304)'),
  // scheduling: reviews (scheduling owns them beside the appointments; catalog keeps the services' averages)
  route('POST',   '/customer/appointments/{appointment_id}/reviews', 'scheduling', 'customer', 'Review a service or a staff member of a completed appointment'),
  route('GET',    '/customer/reviews',                   'scheduling', 'customer', 'The customer\'s own reviews'),
  route('PUT',    '/customer/reviews/{review_id}',       'scheduling', 'customer', 'Change a review (within 7 days of writing it)'),
  route('GET',    '/reviews',                            'scheduling', 'staff',  'The business\'s reviews, hidden ones included'),
  route('PUT',    '/reviews/{review_id}/reply',          'scheduling', 'staff',  'Reply to a review (the staff member reviewed or its manager)'),
  route('PUT',    '/reviews/{review_id}/hide',           'scheduling', 'staff',  'Hide an abusive review (kept, not shown, not counted)', [SA, TA]),
  route('GET',    '/public/tenants/{slug}/services/{service_id}/reviews', 'scheduling', 'public', 'Visible reviews of a service (public booking API)'),
  route('GET',    '/public/tenants/{slug}/staff/{staff_id}/reviews', 'scheduling', 'public', 'Visible reviews of a staff member (public booking API)'),
  // scheduling: the slot waitlist (scheduling owns availability and appointments, so the queue and its offers)
  route('POST',   '/customer/waitlist',                  'scheduling', 'customer', 'Join the waitlist for a service on a date'),
  route('GET',    '/customer/waitlist',                  'scheduling', 'customer', 'The customer\'s waitlist entries'),
  route('DELETE', '/customer/waitlist/{entry_id}',       'scheduling', 'customer', 'Leave the waitlist'),
  route('GET',    '/waitlist',                           'scheduling', 'staff',  'One day\'s waitlist in queue order (outlet-scoped)'),
  route('POST',   '/customer/waitlist/offers/{offer_id}/accept', 'scheduling', 'customer', 'Book the slot a waitlist offer holds'),
  route('POST',   '/customer/waitlist/offers/{offer_id}/decline', 'scheduling', 'customer', 'Turn a waitlist offer down (it goes to the next)'),

  // ── commerce: packages (administration) ─────────────────────────────────────────────────────────────
  route('GET',    '/packages',                           'commerce', 'staff',    'List packages', [TA, SA, ST]),
  route('POST',   '/packages',                           'commerce', 'staff',    'Create a package', [TA, SA]),
  route('GET',    '/packages/limits',                    'commerce', 'either',   'Package plan limits'),
  route('GET',    '/packages/{package_id}',              'commerce', 'staff',    'Package', [TA, SA, ST]),
  route('PATCH',  '/packages/{package_id}',              'commerce', 'staff',    'Update a package', [TA, SA]),
  route('DELETE', '/packages/{package_id}',              'commerce', 'staff',    'Archive a package', [TA, SA]),
  // commerce: the customer's packages
  route('GET',    '/customer/packages/summary',          'commerce', 'customer', 'Summary of the customer\'s packages'),
  route('GET',    '/customer/packages/browse',           'commerce', 'customer', 'Packages on sale'),
  route('GET',    '/customer/packages/credits/available', 'commerce', 'customer', 'The customer\'s usable credits per service, soonest expiry first'),
  route('POST',   '/customer/packages/purchase',         'commerce', 'customer', 'Buy a package'),
  route('GET',    '/customer/packages',                  'commerce', 'customer', 'The customer\'s packages'),
  route('GET',    '/customer/packages/{customer_package_id}', 'commerce', 'customer', 'One of the customer\'s packages'),
  route('GET',    '/customer/packages/{customer_package_id}/payment-status', 'commerce', 'customer', 'Payment status of one of the customer\'s packages'),
  // split prefix: /staff/customer-packages… belongs to commerce while the rest of /staff… is scheduling
  route('GET',    '/staff/customer-packages',            'commerce', 'staff',    'List customer packages', [ST, TA, SA]),
  route('POST',   '/staff/customer-packages',            'commerce', 'staff',    'Sell a package to a customer', [ST, TA, SA]),
  route('POST',   '/staff/customer-packages/credits/redeem', 'commerce', 'staff', 'Redeem credits, first in first out', [ST, TA, SA]),
  route('GET',    '/staff/customer-packages/{customer_id}/credits', 'commerce', 'staff', 'A customer\'s credits', [ST, TA, SA]),
  route('GET',    '/staff/customer-packages/{customer_id}/summary', 'commerce', 'staff', 'A customer\'s package summary', [ST, TA, SA]),
  // split prefix: /staff/{staff_id}/commission… belongs to commerce (commission rules and the report)
  route('GET',    '/staff/{staff_id}/commission',        'commerce', 'staff',    'A staff member\'s commission rule (itself, its outlet manager or an admin)', [SA, TA, OM, ST]),
  route('PUT',    '/staff/{staff_id}/commission',        'commerce', 'staff',    'Set a staff member\'s commission rule', [SA, TA, OM]),
  route('GET',    '/staff/{staff_id}/commission/report', 'commerce', 'staff',    'A staff member\'s commission over a period: lines and totals', [SA, TA, OM, ST]),
  // commerce: package payments (and their /customer/package-payments alias)
  route('POST',   '/customer-packages/{customer_package_id}/record-payment', 'commerce', 'staff', 'Record an offline payment', [TA, OM, RC, SA]),
  route('POST',   '/customer-packages/{customer_package_id}/create-payment-link', 'commerce', 'staff', 'Create and send a payment link'),
  route('GET',    '/customer-packages/{customer_package_id}/payment-status', 'commerce', 'either', 'Payment status of a customer package'),
  route('POST',   '/customer-packages/{customer_package_id}/cancel', 'commerce', 'staff', 'Cancel a customer package: unused credits voided, the payment refunded pro rata', [TA, OM, SA]),
  route('POST',   '/customer/package-payments/{customer_package_id}/record-payment', 'commerce', 'staff', 'Record an offline payment (alias)', [TA, OM, RC, SA]),
  route('POST',   '/customer/package-payments/{customer_package_id}/create-payment-link', 'commerce', 'staff', 'Create and send a payment link (alias)'),
  route('GET',    '/customer/package-payments/{customer_package_id}/payment-status', 'commerce', 'either', 'Payment status of a customer package (alias)'),
  // commerce: appointment payments and the wallet
  route('POST',   '/customer/payments/process-appointment', 'commerce', 'customer', 'Pay for an appointment'),
  route('GET',    '/customer/wallet',                    'commerce', 'customer', 'Wallet balance and recent transactions'),
  route('POST',   '/payments/{payment_id}/refund',       'commerce', 'staff',    'Refund an appointment\'s completed payment, whole or in part', [SA, TA]),
  route('GET',    '/merchant/statement',                 'commerce', 'staff',    'The salon\'s money over a period: payments, platform fees, refunds, what it is owed', [SA, TA]),
  route('GET',    '/customer/payments',                  'commerce', 'customer', 'The customer\'s payment history (appointments and packages, with refunds)'),
  route('GET',    '/public/invoices/{invoice_id}/pdf',   'commerce', 'public',   'An invoice as a PDF, by the secret link its payment answers carry'),
  // split prefix: /customers/{customer_id}/wallet/credits belongs to commerce, not identity
  route('POST',   '/customers/{customer_id}/wallet/credits', 'commerce', 'staff', 'Credit a customer\'s wallet', [SA, TA]),
  // commerce: the payment provider's invoice callback
  route('POST',   '/webhooks/gateway-invoice/tenant/{tenant_id}', 'commerce', 'provider-callback', 'Payment provider invoice callback'),
  route('POST',   '/webhooks/gateway-invoice/platform', 'commerce', 'provider-callback', 'Payment provider callback for platform (subscription) invoices'),
  route('POST',   '/internal/jobs/expire-packages',      'commerce', 'internal', 'Job: expire customer packages past their validity'),
  route('POST',   '/internal/jobs/expire-invoices',      'commerce', 'internal', 'Job: expire appointment and package invoices past their due date'),
  route('POST',   '/internal/jobs/check-ledger',         'commerce', 'internal', 'Job: check that ledger entries, invoices, payments and wallets add up'),

  // ── billing: subscriptions ──────────────────────────────────────────────────────────────────────────
  route('GET',    '/subscriptions/plans',                'billing',  'staff',    'Plan catalogue'),
  route('GET',    '/subscriptions/current',              'billing',  'staff',    'Current subscription with usage'),
  route('POST',   '/subscriptions/upgrade',              'billing',  'staff',    'Upgrade (invoice first, plan changes on payment)'),
  route('POST',   '/subscriptions/renew',                'billing',  'staff',    'Renew for another period'),
  route('POST',   '/subscriptions/downgrade',            'billing',  'staff',    'Schedule a downgrade at period end'),
  route('DELETE', '/subscriptions/scheduled-changes',    'billing',  'staff',    'Cancel a scheduled downgrade'),
  route('GET',    '/subscriptions/usage',                'billing',  'staff',    'Usage against the plan\'s limits'),
  route('POST',   '/subscriptions/cancel',               'billing',  'staff',    'Cancel to FREE at once'),
  route('POST',   '/subscriptions/deactivate',           'billing',  'staff',    'Suspend the subscription', [SA]),
  route('POST',   '/subscriptions/activate',             'billing',  'staff',    'Reactivate a suspended subscription', [SA]),
  route('GET',    '/subscriptions/payments',             'billing',  'staff',    'Subscription payments'),
  route('POST',   '/internal/jobs/apply-scheduled-changes', 'billing', 'internal', 'Job: apply scheduled plan changes that are due'),
  route('POST',   '/internal/jobs/republish-plans',      'billing',  'internal', 'Job: re-publish every tenant\'s plan snapshot'),
  // billing: AI-chat token usage
  route('GET',    '/token-usage/quota',                  'billing',  'customer', 'The customer\'s token quota and usage'),
  route('POST',   '/token-usage/track',                  'billing',  'customer', 'Record token usage'),
  route('GET',    '/token-usage/history',                'billing',  'customer', 'Daily token usage history'),
  route('PATCH',  '/token-usage/quota/{customer_id}',    'billing',  'staff',    'Override a customer\'s token quota', [TA, SA]),
  route('POST',   '/token-usage/quota-reset',            'billing',  'internal', 'Job: daily token quota reset'),
  route('POST',   '/token-usage/quota-reset-monthly',    'billing',  'internal', 'Job: monthly token quota reset'),

  // ── notifications: internal webhooks (scheduler and task tier) ──────────────────────────────────────
  route('POST',   '/webhooks/notifications/promote',     'notifications', 'internal', 'Promote due notifications to the task tier'),
  route('POST',   '/webhooks/notifications/trigger',     'notifications', 'internal', 'Send one promoted notification'),
  route('GET',    '/webhooks/notifications/promotion-stats', 'notifications', 'internal', 'Promotion statistics'),
  route('POST',   '/webhooks/notifications/retry/{notification_id}', 'notifications', 'internal', 'Retry a failed notification'),
  route('GET',    '/webhooks/notifications/health',      'notifications', 'internal', 'Notification subsystem health'),
  // notifications: the customer's push devices (FCM registration tokens)
  route('POST',   '/customer/devices',                   'notifications', 'customer', 'Register a device for push notifications'),
  route('DELETE', '/customer/devices/{token}',           'notifications', 'customer', 'Unregister a device from push notifications'),
  // notifications: the WhatsApp Cloud API's webhook (Meta signs the POST with the app secret)
  route('GET',    '/webhooks/whatsapp', 'notifications', 'provider-callback', 'WhatsApp webhook subscription handshake'),
  route('POST',   '/webhooks/whatsapp', 'notifications', 'provider-callback', 'WhatsApp message status callback'),
  // notifications: Twilio's SMS status callback (Twilio signs it with the auth token: X-Twilio-Signature)
  route('POST',   '/webhooks/twilio/status', 'notifications', 'provider-callback', 'Twilio SMS status callback'),
  // notifications: outbound webhooks for integrators (docs/webhooks.md)
  route('POST',   '/webhook-endpoints', 'notifications', 'staff', 'Register a webhook endpoint (the secret is shown once)', [TA, SA]),
  route('GET',    '/webhook-endpoints', 'notifications', 'staff', "List the tenant's webhook endpoints", [TA, SA]),
  route('GET',    '/webhook-endpoints/{endpoint_id}', 'notifications', 'staff', 'Get a webhook endpoint', [TA, SA]),
  route('PATCH',  '/webhook-endpoints/{endpoint_id}', 'notifications', 'staff', 'Change, pause or enable a webhook endpoint', [TA, SA]),
  route('DELETE', '/webhook-endpoints/{endpoint_id}', 'notifications', 'staff', 'Remove a webhook endpoint', [TA, SA]),
  route('POST',   '/webhook-endpoints/{endpoint_id}/test', 'notifications', 'staff', 'Send a signed test event to a webhook endpoint', [TA, SA]),
  route('GET',    '/webhook-endpoints/{endpoint_id}/deliveries', 'notifications', 'staff', "A webhook endpoint's delivery log with every attempt", [TA, SA]),
  route('POST',   '/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay', 'notifications', 'staff', 'Send a finished webhook delivery again', [TA, SA]),
];

/**
 * Routes services serve only to each other, over the cluster network with the internal token: declared here
 * with the rest so every route has one home, but never routed by the gateway (it answers 404 for them).
 */
export const SERVICE_TO_SERVICE_ROUTES: ReadonlyArray<
  Pick<Route, 'method' | 'path' | 'service' | 'summary'>
> = [
  {
    method: 'GET',
    path: '/internal/tenants/{tenant_id}/customers/{customer_id}/deletion-check',
    service: 'scheduling',
    summary: "Identity's pre-check before deleting a customer: future appointments",
  },
  {
    method: 'GET',
    path: '/internal/tenants/{tenant_id}/customers/{customer_id}/deletion-check',
    service: 'commerce',
    summary: "Identity's pre-check before deleting a customer: open payments",
  },
  {
    method: 'GET',
    path: '/internal/tenants/{tenant_id}/appointments/{appointment_id}',
    service: 'scheduling',
    summary: 'One appointment as its events carry it, for commerce when its copy has not heard of it yet',
  },
  {
    method: 'GET',
    path: '/internal/tenants/{tenant_id}/appointments/{appointment_id}/deposit',
    service: 'commerce',
    summary: "Scheduling's question before releasing an unpaid booking: is its deposit paid or being applied",
  },
  {
    method: 'POST',
    path: '/internal/subscription-invoices',
    service: 'commerce',
    summary: "Billing's subscription invoice (upgrade, renewal) through the payment provider",
  },
  {
    method: 'GET',
    path: '/internal/jwks',
    service: 'identity',
    summary:
      "Identity's token signing keys as a JWKS document (current, previous and next), for JWT_JWKS_URL",
  },
  {
    method: 'GET',
    path: '/internal/sessions/revoked',
    service: 'identity',
    summary: 'Sessions that have ended, whose access tokens the gateway refuses until they expire',
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'identity',
    summary:
      "Job (CronJob identity-retention): delete identity's rows past their retention period, in batches",
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'catalog',
    summary: "Job (CronJob catalog-retention): delete catalog's rows past their retention period, in batches",
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'scheduling',
    summary:
      "Job (CronJob scheduling-retention): delete scheduling's rows past their retention period, in batches",
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'commerce',
    summary:
      "Job (CronJob commerce-retention): delete commerce's rows past their retention period, in batches",
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'billing',
    summary: "Job (CronJob billing-retention): delete billing's rows past their retention period, in batches",
  },
  {
    method: 'POST',
    path: '/internal/jobs/retention',
    service: 'notifications',
    summary:
      "Job (CronJob notifications-retention): delete notifications's rows past their retention period, in batches",
  },
];
