import { z } from 'zod';
import type { OperationSchemaMap } from './operation';
import * as req from './identity/requests';
import { publicBusiness } from './public';
import * as res from './identity/responses';

export * from './identity/fields';
export * from './identity/requests';
export * from './identity/responses';

/** The identity service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries. */
export const identityOperations: OperationSchemaMap = {
  // registration, staff sign-in, tenants
  'POST /public/register': {
    body: req.registerBusinessBody,
    response: res.businessRegistration,
    status: 201,
    errors: [409, 502],
  },
  'GET /public/tenants/{slug}': { response: publicBusiness },
  'POST /auth/login': {
    body: req.staffLoginBody,
    response: z.union([res.staffTokens, res.organizationSelection]),
    errors: [401],
  },
  'POST /auth/complete-login': {
    body: req.completeLoginBody,
    response: res.staffTokens,
    errors: [401, 403, 404],
  },
  'POST /auth/refresh': { body: req.refreshBody, response: res.staffTokens, errors: [401] },
  'POST /auth/logout': { query: req.staffLogoutQuery, response: res.staffLogout },
  'POST /auth/password/forgot': { body: req.staffPasswordForgotBody, response: res.passwordMessage },
  'POST /auth/password/reset': {
    body: req.staffPasswordResetBody,
    response: res.passwordMessage,
    errors: [400],
  },
  'POST /auth/password/change': {
    body: req.staffPasswordChangeBody,
    response: res.passwordMessage,
    errors: [400],
  },
  'POST /tenants': {
    body: req.createTenantBody,
    response: res.tenantSummary,
    status: 201,
    errors: [409, 502],
  },
  'GET /tenants': { query: req.tenantListQuery, response: z.array(res.tenantListEntry) },
  'GET /tenants/{tenant_id}': { response: res.tenant },
  'PUT /tenants/{tenant_id}': { body: req.updateTenantBody, response: res.tenant, errors: [400, 409] },
  'DELETE /tenants/{tenant_id}': { status: 204, errors: [400] },
  'GET /tenants/{tenant_id}/stats': { response: res.tenantStats },
  'POST /tenants/{tenant_id}/reactivate': { response: res.tenant, errors: [400] },

  // staff users, outlets, audit log
  'POST /users': {
    query: req.userTenantQuery,
    body: req.createUserBody,
    response: res.staffUser,
    status: 201,
    errors: [400, 409],
  },
  'GET /users': { query: req.userListQuery, response: res.pagedStaffUsers, errors: [400] },
  'GET /users/{user_id}': { query: req.userTenantQuery, response: res.staffUser, errors: [400] },
  'PUT /users/{user_id}': {
    query: req.userTenantQuery,
    body: req.updateUserBody,
    response: res.staffUser,
    errors: [400],
  },
  'DELETE /users/{user_id}': { query: req.userTenantQuery, status: 204, errors: [400] },
  'POST /outlets': { body: req.createOutletBody, response: res.outlet, status: 201, errors: [402, 409] },
  'GET /outlets': { query: req.outletListQuery, response: res.pagedOutlets },
  'GET /outlets/{outlet_id}': { response: res.outlet },
  'PUT /outlets/{outlet_id}': { body: req.updateOutletBody, response: res.outlet, errors: [409] },
  'DELETE /outlets/{outlet_id}': { status: 204 },
  'GET /audit-logs': { query: req.auditLogQuery, response: res.pagedAuditEntries },

  // customer authentication
  'POST /customer/auth/register': {
    body: req.customerRegisterBody,
    response: res.customerRegistration,
    status: 201,
    errors: [400, 409],
  },
  'POST /customer/auth/login': {
    body: req.customerLoginBody,
    response: res.customerLogin,
    errors: [400, 401],
  },
  'POST /customer/auth/refresh': { body: req.refreshBody, response: res.customerTokens, errors: [401] },
  'POST /customer/auth/logout': { query: req.customerLogoutQuery, response: res.customerLogout },
  'POST /customer/auth/password/forgot': {
    body: req.customerPasswordForgotBody,
    response: res.passwordMessage,
    errors: [400, 404],
  },
  'POST /customer/auth/password/reset': {
    body: req.customerPasswordResetBody,
    response: res.passwordMessage,
    errors: [400, 404],
  },
  'POST /customer/auth/password/change': {
    body: req.customerPasswordChangeBody,
    response: res.passwordMessage,
    errors: [400],
  },
  'POST /customer/auth/verify-email': {
    body: req.verificationCodeBody,
    response: res.contactVerified,
    errors: [400],
  },
  'POST /customer/auth/verify-phone': {
    body: req.verificationCodeBody,
    response: res.contactVerified,
    errors: [400],
  },
  'POST /customer/auth/verify-email/resend': {
    body: req.verificationResendBody,
    response: res.verificationResent,
    errors: [400, 429],
  },
  'POST /customer/auth/verify-phone/resend': {
    body: req.verificationResendBody,
    response: res.verificationResent,
    errors: [400, 429],
  },

  // the customer's own account
  'GET /customers/profile': { response: res.customerProfile },
  'POST /customers/profile': { body: req.profileBody, response: res.customerProfile, errors: [400, 409] },
  'GET /customers/preferences': { response: res.customerPreferences },
  'PUT /customers/preferences': {
    body: req.ownPreferencesBody,
    response: res.customerPreferences,
    errors: [400],
  },
  'PUT /customers/consent': { body: req.consentBody, response: res.consentUpdated },
  'DELETE /customers/account': { response: res.accountDeleted, errors: [400] },

  // customer management by staff
  'GET /customers': { query: req.customerListQuery, response: res.pagedStaffCustomers },
  'POST /customers': {
    query: req.createCustomerQuery,
    body: req.createCustomerBody,
    response: res.staffCustomer,
    status: 201,
    errors: [400, 409],
  },
  'GET /customers/{customer_id}': { response: res.staffCustomer },
  'PUT /customers/{customer_id}': {
    body: req.updateCustomerBody,
    response: res.staffCustomer,
    errors: [400, 409],
  },
  'DELETE /customers/{customer_id}': { query: req.deleteCustomerQuery, response: res.customerDeleted },
  'PUT /customers/{customer_id}/preferences': { body: req.staffPreferencesBody, response: res.staffCustomer },
};
