export { billingService, createBillingService } from './definition';
export { billingConfigSchema, type BillingConfig } from './config';
