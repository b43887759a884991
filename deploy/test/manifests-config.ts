import type { z } from 'zod';
import { billingConfigSchema } from '@salon/billing';
import { catalogConfigSchema } from '@salon/catalog';
import { commerceConfigSchema } from '@salon/commerce';
import { gatewayConfigSchema } from '@salon/gateway';
import { identityConfigSchema } from '@salon/identity';
import { FCM_SANDBOX_CREDENTIALS, notificationsConfigSchema } from '@salon/notifications';
import { schedulingConfigSchema } from '@salon/scheduling';
import { loadConfig } from '@salon/service-kit';
import { createTestKeys } from '@salon/testing';

/** The configuration schema each deployed process validates its environment with at start-up. */
export const CONFIG_SCHEMAS: Record<string, z.ZodType> = {
  gateway: gatewayConfigSchema,
  identity: identityConfigSchema,
  catalog: catalogConfigSchema,
  scheduling: schedulingConfigSchema,
  commerce: commerceConfigSchema,
  billing: billingConfigSchema,
  notifications: notificationsConfigSchema,
};

const keys = createTestKeys();

/**
 * A well-formed stand-in for a secret the manifests leave to the operator (placeholders in Kubernetes,
 * generated values in compose), so the rest of the environment can be checked against the schema.
 */
export function stubSecret(name: string): string {
  if (name === 'JWT_PUBLIC_KEY') return keys.publicKeyPem;
  if (name === 'JWT_PRIVATE_KEY') return keys.privateKeyPem;
  if (name === 'DATABASE_URL') return 'postgres://user:password@postgres:5432/db';
  if (name === 'AMQP_URL') return 'amqp://user:password@rabbitmq:5672';
  if (name === 'REDIS_URL') return 'redis://:password@redis:6379';
  if (name === 'SMTP_URL') return 'smtps://user:password@smtp:465';
  if (name.endsWith('_EMAIL')) return 'admin@salon.example.com';
  if (name === 'DATABASE_RUNTIME_ROLE') return 'salon_runtime';
  if (name === 'FCM_SERVICE_ACCOUNT_JSON') return FCM_SANDBOX_CREDENTIALS.FCM_SERVICE_ACCOUNT_JSON;
  return 'stub-secret-value-of-some-length';
}

/** Throws the process's own start-up message (every missing or invalid variable) if `env` would not do. */
export function assertStartsWith(app: string, env: Record<string, string>): void {
  const schema = CONFIG_SCHEMAS[app];
  if (!schema) throw new Error(`no configuration schema for ${app}`);
  loadConfig(schema, env);
  // What runServiceProcess (libs/runtime) requires beyond the schema.
  for (const name of app === 'gateway' ? [] : ['DATABASE_URL', 'AMQP_URL'])
    if (!env[name]) throw new Error(`${app}: ${name}: required`);
}
