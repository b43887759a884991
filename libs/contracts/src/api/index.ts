import { billingOperations } from './billing';
import { catalogOperations } from './catalog';
import { commerceOperations } from './commerce';
import { identityOperations } from './identity';
import { notificationsOperations } from './notifications';
import type { OperationSchemaMap } from './operation';
import { schedulingOperations } from './scheduling';
import { webhookEndpointOperations } from './webhook-endpoints';

export type { OperationSchemas, OperationSchemaMap } from './operation';

/** Every service's operation contracts, keyed as the routing table names them. */
export const API_OPERATIONS: OperationSchemaMap = {
  ...identityOperations,
  ...catalogOperations,
  ...schedulingOperations,
  ...commerceOperations,
  ...billingOperations,
  ...notificationsOperations,
  ...webhookEndpointOperations,
};
export * from './public';
