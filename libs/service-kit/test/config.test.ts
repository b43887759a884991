import { generateKeyPairSync } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, commonConfigSchema, loadConfig } from '../src';

const publicKeyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

const validEnv = { JWT_PUBLIC_KEY: publicKeyPem, INTERNAL_TOKEN: 'x'.repeat(32), PORT: '4001' };

function configError(
  env: Record<string, string | undefined>,
  schema: z.ZodType = commonConfigSchema,
): ConfigError {
  try {
    loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('names a missing JWT_PUBLIC_KEY', () => {
    const error = configError({ ...validEnv, JWT_PUBLIC_KEY: undefined });
    expect(error.message).toBe('Invalid configuration:\n  JWT_PUBLIC_KEY: required');
  });

  it('lists every problem at once, without echoing values', () => {
    const error = configError({ PORT: 'eighty', INTERNAL_TOKEN: 'short-secret', LOG_LEVEL: 'loud' });
    expect(error.problems).toEqual([
      expect.stringMatching(/^LOG_LEVEL: /),
      expect.stringMatching(/^PORT: /),
      'JWT_PUBLIC_KEY: required',
      'INTERNAL_TOKEN: must be at least 16 characters',
    ]);
    expect(error.message).not.toContain('short-secret');
  });

  it('treats empty values as unset', () => {
    expect(configError({ ...validEnv, INTERNAL_TOKEN: '' }).problems).toEqual(['INTERNAL_TOKEN: required']);
    expect(loadConfig(commonConfigSchema, { ...validEnv, DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('applies defaults and coerces the port', () => {
    expect(loadConfig(commonConfigSchema, validEnv)).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: 4001,
      // Operations endpoints (/metrics, detailed /readyz) on their own port.
      METRICS_PORT: 9464,
      DB_POOL_SIZE: 10,
      EVENT_NAMESPACE: 'salon',
      JWT_PUBLIC_KEY: publicKeyPem.trim(),
      JWT_ISSUER: 'salon-identity',
      JWT_AUDIENCE: 'salon-api',
      INTERNAL_TOKEN: 'x'.repeat(32),
      RETENTION_INBOX_DAYS: 14,
    });
  });

  it('refuses a retention period under one day, so a typo cannot empty a table', () => {
    expect(() => loadConfig(commonConfigSchema, { ...validEnv, RETENTION_INBOX_DAYS: '0' })).toThrow(
      /RETENTION_INBOX_DAYS/,
    );
  });

  it('normalises PEM values carried with literal \\n sequences', () => {
    const oneLine = publicKeyPem.trim().replace(/\n/g, '\\n');
    expect(loadConfig(commonConfigSchema, { ...validEnv, JWT_PUBLIC_KEY: oneLine }).JWT_PUBLIC_KEY).toBe(
      publicKeyPem.trim(),
    );
  });

  it('rejects a value that is not a public key', () => {
    expect(configError({ ...validEnv, JWT_PUBLIC_KEY: 'secret' }).problems).toEqual([
      'JWT_PUBLIC_KEY: must be a PEM block (-----BEGIN ...----- ... -----END ...-----)',
    ]);
  });

  it('lets services extend the common schema', () => {
    const schema = commonConfigSchema.extend({ PAYMENT_PROVIDER_URL: z.url() });
    expect(configError(validEnv, schema).problems).toEqual(['PAYMENT_PROVIDER_URL: required']);
    expect(
      loadConfig(schema, { ...validEnv, PAYMENT_PROVIDER_URL: 'http://pay.local' }).PAYMENT_PROVIDER_URL,
    ).toBe('http://pay.local');
  });
});
