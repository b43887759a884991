import * as commission from './commerce/commission';
import * as customerPackages from './commerce/customer-packages';
import * as packages from './commerce/packages';
import * as payments from './commerce/payments';
import type { OperationSchemaMap } from './operation';

/** The commerce service's HTTP contracts: request schemas its routes validate with, and the OpenAPI entries. */
export * from './commerce/packages';
export * from './commerce/customer-packages';
export * from './commerce/payments';
export * from './commerce/commission';

const recordPayment = {
  body: payments.recordPaymentBody,
  response: payments.paymentRecorded,
  errors: [400, 409],
  idempotent: true,
};
const createPaymentLink = {
  body: payments.paymentLinkBody,
  response: payments.paymentLinkCreated,
  errors: [400, 409, 502],
};
const paymentStatus = { response: payments.packagePaymentStatus };
const invoiceCallback = {
  body: payments.invoiceCallbackBody,
  response: payments.invoiceCallbackAck,
  errors: [401],
};

export const commerceOperations: OperationSchemaMap = {
  // packages (administration)
  'GET /packages': { query: packages.packageListQuery, response: packages.packagePage },
  'POST /packages': {
    body: packages.createPackageBody,
    response: packages.packageSchema,
    status: 201,
    errors: [400, 402],
  },
  'GET /packages/limits': { response: packages.packageLimits },
  'GET /packages/{package_id}': { response: packages.packageSchema },
  'PATCH /packages/{package_id}': {
    body: packages.updatePackageBody,
    response: packages.packageSchema,
    errors: [400, 402],
  },
  'DELETE /packages/{package_id}': { status: 204 },
  // the customer's packages
  'GET /customer/packages/summary': { response: customerPackages.customerPackageSummary },
  'GET /customer/packages/credits/available': { response: customerPackages.availableCredits },
  'GET /customer/packages/browse': { query: customerPackages.browseQuery, response: packages.browsePage },
  'POST /customer/packages/purchase': {
    body: customerPackages.purchaseBody,
    response: customerPackages.purchaseResult,
    status: 201,
    errors: [400, 502],
    idempotent: true,
  },
  'GET /customer/packages': {
    query: customerPackages.customerPackagesQuery,
    response: customerPackages.customerPackagePage,
  },
  'GET /customer/packages/{customer_package_id}': { response: customerPackages.customerPackage },
  'GET /customer/packages/{customer_package_id}/payment-status': paymentStatus,
  // staff: customer packages
  'GET /staff/customer-packages': {
    query: customerPackages.staffCustomerPackagesQuery,
    response: customerPackages.customerPackagePage,
  },
  'POST /staff/customer-packages': {
    body: customerPackages.sellPackageBody,
    response: customerPackages.customerPackage,
    status: 201,
    errors: [400],
    idempotent: true,
  },
  'POST /staff/customer-packages/credits/redeem': {
    body: customerPackages.redeemBody,
    response: customerPackages.redeemResult,
    errors: [400],
  },
  'GET /staff/customer-packages/{customer_id}/credits': {
    query: customerPackages.creditsQuery,
    response: customerPackages.creditRecords,
  },
  'GET /staff/customer-packages/{customer_id}/summary': { response: customerPackages.staffPackageSummary },
  // package payments, and their /customer/package-payments alias
  'POST /customer-packages/{customer_package_id}/record-payment': recordPayment,
  'POST /customer-packages/{customer_package_id}/create-payment-link': createPaymentLink,
  'GET /customer-packages/{customer_package_id}/payment-status': paymentStatus,
  'POST /customer-packages/{customer_package_id}/cancel': {
    body: payments.cancelPackageBody,
    response: payments.packageCancelled,
    errors: [404, 409],
  },
  'POST /customer/package-payments/{customer_package_id}/record-payment': recordPayment,
  'POST /customer/package-payments/{customer_package_id}/create-payment-link': createPaymentLink,
  'GET /customer/package-payments/{customer_package_id}/payment-status': paymentStatus,
  // appointment payments and the wallet
  'POST /customer/payments/process-appointment': {
    body: payments.processAppointmentBody,
    response: payments.appointmentPaymentStarted,
    errors: [400, 409, 500, 502],
    idempotent: true,
  },
  'GET /customer/wallet': { response: payments.wallet },
  'GET /customer/payments': { query: payments.customerPaymentsQuery, response: payments.customerPaymentPage },
  'GET /merchant/statement': { query: payments.statementQuery, response: payments.merchantStatement },
  'POST /payments/{payment_id}/refund': {
    body: commission.paymentRefundBody,
    response: commission.paymentRefunded,
    errors: [400, 409],
  },
  // staff commission
  'GET /staff/{staff_id}/commission': { response: commission.commissionRule },
  'PUT /staff/{staff_id}/commission': {
    body: commission.commissionRuleBody,
    response: commission.commissionRule,
  },
  'GET /staff/{staff_id}/commission/report': {
    query: commission.commissionReportQuery,
    response: commission.commissionReport,
  },
  'POST /customers/{customer_id}/wallet/credits': {
    body: payments.walletCreditBody,
    response: payments.walletCredited,
    status: 201,
  },
  'GET /public/invoices/{invoice_id}/pdf': {
    query: payments.invoicePdfQuery,
    mediaType: 'application/pdf',
  },
  // the payment provider's invoice callbacks
  'POST /webhooks/gateway-invoice/tenant/{tenant_id}': invoiceCallback,
  'POST /webhooks/gateway-invoice/platform': invoiceCallback,
  // internal (not in the public document)
  'POST /internal/jobs/expire-packages': { response: payments.packagesExpired },
  'POST /internal/jobs/expire-invoices': { response: payments.invoicesExpired },
  'POST /internal/jobs/check-ledger': { response: payments.ledgerCheck },
};
