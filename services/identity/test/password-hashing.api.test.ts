import { sql } from 'drizzle-orm';
import { loadConfig } from '@salon/service-kit';
import {
  TEST_AUDIENCE,
  TEST_INTERNAL_TOKEN,
  TEST_ISSUER,
  createTestKeys,
  startTestService,
  type TestService,
} from '@salon/testing';
import { identityConfigSchema } from '../src/config';
import { identityService } from '../src/definition';
import { hashPassword } from '../src/domain/passwords';
import { query, registeredCustomer, registeredTenant } from './helpers';

const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');
const TODAY = 'scrypt$131072$8$1'; // N=2^17, r=8, p=1

const userHash = async (service: TestService, userId: string) =>
  (
    await query<{ password_hash: string }>(
      service,
      sql`SELECT password_hash FROM identity.users WHERE id = ${userId}`,
    )
  ).rows[0]!.password_hash;
const customerHash = async (service: TestService, customerId: string) =>
  (
    await query<{ password_hash: string }>(
      service,
      sql`SELECT password_hash FROM identity.customers WHERE id = ${customerId}`,
    )
  ).rows[0]!.password_hash;

describe('password hashing at the production default cost', () => {
  let service: TestService;

  beforeAll(async () => {
    // An empty value is no value: PASSWORD_HASH_COST_LOG2 takes its production default, not the harness's.
    service = await startTestService(identityService, { PASSWORD_HASH_COST_LOG2: '' });
  });
  afterAll(() => service.stop());

  it('hashes new passwords with scrypt N=2^17, r=8, p=1', async () => {
    const { userId } = await registeredTenant(service);
    expect(costOf(await userHash(service, userId))).toBe(TODAY);
  });

  it('rehashes a staff user stored at N=2^15 on a successful login, and the password still works', async () => {
    const { body, userId } = await registeredTenant(service);
    const old = await hashPassword(body.admin_password, 15);
    await query(service, sql`UPDATE identity.users SET password_hash = ${old} WHERE id = ${userId}`);

    const wrong = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: 'Wrong1234' },
    });
    expect(wrong.status).toBe(401);
    expect(await userHash(service, userId)).toBe(old);

    const login = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(login.status).toBe(200);
    const stored = await userHash(service, userId);
    expect(costOf(stored)).toBe(TODAY);
    expect(stored).not.toBe(old);

    const again = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(again.status).toBe(200);
    expect(await userHash(service, userId)).toBe(stored);
  });

  it('rehashes a customer stored at N=2^15 on a successful login', async () => {
    const { slug } = await registeredTenant(service);
    const { body, customerId } = await registeredCustomer(service, slug);
    const old = await hashPassword(body.password, 15);
    await query(service, sql`UPDATE identity.customers SET password_hash = ${old} WHERE id = ${customerId}`);

    const login = await service.request('POST', '/customer/auth/login', {
      body: { email: body.email, password: body.password, tenant_slug: slug },
    });
    expect(login.status).toBe(200);
    expect(costOf(await customerHash(service, customerId))).toBe(TODAY);
    const again = await service.request('POST', '/customer/auth/login', {
      body: { phone: body.phone, password: body.password, tenant_slug: slug },
    });
    expect(again.status).toBe(200);
  });

  it('signs in even when storing the rehash fails, and keeps the old hash', async () => {
    const { body, userId } = await registeredTenant(service);
    const old = await hashPassword(body.admin_password, 15);
    await query(service, sql`UPDATE identity.users SET password_hash = ${old} WHERE id = ${userId}`);
    await query(
      service,
      sql.raw(`CREATE FUNCTION identity.refuse_rehash() RETURNS trigger LANGUAGE plpgsql AS
                 $$ BEGIN RAISE EXCEPTION 'rehash refused by the test'; END $$;
               CREATE TRIGGER refuse_rehash BEFORE UPDATE OF password_hash ON identity.users
                 FOR EACH ROW WHEN (NEW.id = '${userId}') EXECUTE FUNCTION identity.refuse_rehash()`),
    );
    try {
      const login = await service.request('POST', '/auth/login', {
        body: { email: body.admin_email, password: body.admin_password },
      });
      expect(login.status).toBe(200);
      expect(await userHash(service, userId)).toBe(old);
    } finally {
      await query(service, sql`DROP TRIGGER refuse_rehash ON identity.users`);
      await query(service, sql`DROP FUNCTION identity.refuse_rehash()`);
    }
  });
});

describe('password hashing at a configured cost', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(identityService, { PASSWORD_HASH_COST_LOG2: '13' });
  });
  afterAll(() => service.stop());

  it('hashes at the configured cost and rehashes a lower one to it', async () => {
    const { body, userId } = await registeredTenant(service);
    expect(costOf(await userHash(service, userId))).toBe('scrypt$8192$8$1');
    const old = await hashPassword(body.admin_password, 11);
    await query(service, sql`UPDATE identity.users SET password_hash = ${old} WHERE id = ${userId}`);
    const login = await service.request('POST', '/auth/login', {
      body: { email: body.admin_email, password: body.admin_password },
    });
    expect(login.status).toBe(200);
    expect(costOf(await userHash(service, userId))).toBe('scrypt$8192$8$1');
  });

  it('defaults to 2^17 and refuses a cost below 2^10', () => {
    const keys = createTestKeys();
    const env = {
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      JWT_ISSUER: TEST_ISSUER,
      JWT_AUDIENCE: TEST_AUDIENCE,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      DATABASE_URL: 'postgres://localhost/none',
      AMQP_URL: 'amqp://localhost',
    };
    expect(loadConfig(identityConfigSchema, env).PASSWORD_HASH_COST_LOG2).toBe(17);
    expect(() => loadConfig(identityConfigSchema, { ...env, PASSWORD_HASH_COST_LOG2: '9' })).toThrow(
      /PASSWORD_HASH_COST_LOG2/,
    );
  });
});
