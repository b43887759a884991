import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { PLAN_CATALOGUE, type SubscriptionChangedV1 } from '@salon/contracts';
import { MessagingStore, OutboxRelay, messagingMigrations, newEvent } from '@salon/messaging';
import { PlanLimitsReplica, planLimitsMigrations } from '@salon/plan-limits';
import {
  AppError,
  authenticate,
  createHttpApp,
  createTokenVerifier,
  finishHttpApp,
  newId,
  runMigrations,
} from '@salon/service-kit';
import {
  TEST_AUDIENCE,
  TEST_ISSUER,
  createMigratedDatabase,
  createTestBus,
  createTestKeys,
  testTokenSigner,
  waitFor,
  type TestBus,
  type TestDatabase,
} from '@salon/testing';

const logger = pino({ level: 'silent' });
const SCHEMA = 'catalog';

function snapshot(tenantId: string, overrides: Partial<SubscriptionChangedV1> = {}): SubscriptionChangedV1 {
  const now = new Date();
  return {
    tenant_id: tenantId,
    subscription_id: newId(),
    plan: 'PRO',
    status: 'active',
    billing_period: 'monthly',
    current_period_start: now.toISOString(),
    current_period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    limits: PLAN_CATALOGUE.PRO.limits,
    appointment_fee_percent: PLAN_CATALOGUE.PRO.appointment_fee_percent,
    version: 1,
    ...overrides,
  };
}

describe('plan-limits replica', () => {
  let database: TestDatabase;
  let testBus: TestBus;
  let replica: PlanLimitsReplica;
  let billingStore: MessagingStore;
  let relay: OutboxRelay;
  const consumer = 'catalog.plan-limits';

  beforeAll(async () => {
    database = await createMigratedDatabase(SCHEMA, [
      ...messagingMigrations(SCHEMA),
      ...planLimitsMigrations(SCHEMA),
    ]);
    // The producer side lives in its own schema, as billing's would.
    await runMigrations(database.db, 'billing', messagingMigrations('billing'));
    testBus = await createTestBus({ logger });
    replica = new PlanLimitsReplica(database.db, SCHEMA);
    await testBus.bus.subscribe(replica.subscription('catalog', new MessagingStore(database.db, SCHEMA)));
    billingStore = new MessagingStore(database.db, 'billing');
    relay = new OutboxRelay({
      db: database.db,
      schema: 'billing',
      bus: testBus.bus,
      logger,
      pollIntervalMs: 100,
    });
    await relay.start();
  });

  afterAll(async () => {
    await relay.stop();
    await testBus.destroy([consumer]);
    await database.drop();
  });

  async function publish(data: SubscriptionChangedV1) {
    const event = newEvent('billing.subscription.changed.v1', data, {
      producer: 'billing',
      tenantId: data.tenant_id,
    });
    await database.db.withTx((tx) => billingStore.enqueue(tx, [event]));
  }

  it('treats a tenant it has not heard of as FREE and active', async () => {
    const plan = await replica.planOf(database.db.orm, newId());
    expect(plan).toMatchObject({ plan: 'FREE', status: 'active', limits: { max_services: 10 } });
  });

  it('applies a newer snapshot from billing and ignores an older one delivered late', async () => {
    const tenantId = newId();
    await publish(snapshot(tenantId, { version: 2 }));
    await waitFor(async () => (await replica.planOf(database.db.orm, tenantId)).plan === 'PRO');

    await publish(snapshot(tenantId, { version: 1, plan: 'FREE', limits: PLAN_CATALOGUE.FREE.limits }));
    await publish(
      snapshot(tenantId, { version: 3, plan: 'ENTERPRISE', limits: PLAN_CATALOGUE.ENTERPRISE.limits }),
    );
    await waitFor(async () => (await replica.planOf(database.db.orm, tenantId)).plan === 'ENTERPRISE');
    // Version 1 was published before version 3, so it has been handled by now: it changed nothing.
    const plan = await replica.planOf(database.db.orm, tenantId);
    expect(plan.limits.max_services).toBe(-1);
  });

  it('answers 402 at the limit, passes below it, and never limits "unlimited"', async () => {
    const freeTenant = newId();
    await expect(
      replica.assertWithinLimit(database.db.orm, freeTenant, 'max_services', 9),
    ).resolves.toBeUndefined();
    const refusal = await replica
      .assertWithinLimit(database.db.orm, freeTenant, 'max_services', 10)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 402 });
    expect((refusal as AppError).detail).toContain('10/10');

    const enterprise = newId();
    await replica.apply(
      database.db.orm,
      snapshot(enterprise, { plan: 'ENTERPRISE', limits: PLAN_CATALOGUE.ENTERPRISE.limits }),
    );
    await expect(
      replica.assertWithinLimit(database.db.orm, enterprise, 'max_services', 100_000),
    ).resolves.toBeUndefined();
  });

  it('refuses staff of a suspended tenant with 403 "Subscription suspended" and lets customers and a SUPER_ADMIN through', async () => {
    const keys = createTestKeys();
    const signer = testTokenSigner(keys);
    const verifier = createTokenVerifier({
      publicKeyPem: keys.publicKeyPem,
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    const app = createHttpApp({ service: 'catalog', logger });
    app.get(
      '/things',
      authenticate(verifier, { allow: ['staff', 'customer'] }),
      replica.suspendedGuard(),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    finishHttpApp(app, logger);
    const server: Server = await new Promise((resolve) => {
      const listening = app.listen(0, () => resolve(listening));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const tenantId = newId();
      await replica.apply(database.db.orm, snapshot(tenantId, { status: 'suspended', version: 5 }));
      const staff = signer.signStaffAccess({
        sub: newId(),
        role: 'TENANT_ADMIN',
        tenant_id: tenantId,
        outlet_ids: [],
      });
      const customer = signer.signCustomerAccess({ sub: newId(), tenant_id: tenantId, session_id: newId() });
      const scopedSuperAdmin = signer.signStaffAccess({
        sub: newId(),
        role: 'SUPER_ADMIN',
        tenant_id: tenantId,
        outlet_ids: [],
      });

      const refused = await fetch(`${base}/things`, { headers: { authorization: `Bearer ${staff}` } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ detail: 'Subscription suspended' });
      const allowed = await fetch(`${base}/things`, { headers: { authorization: `Bearer ${customer}` } });
      expect(allowed.status).toBe(200);
      // A SUPER_ADMIN acting inside the tenant is the way back: never blocked (as in billing).
      const admin = await fetch(`${base}/things`, {
        headers: { authorization: `Bearer ${scopedSuperAdmin}` },
      });
      expect(admin.status).toBe(200);

      await replica.apply(database.db.orm, snapshot(tenantId, { status: 'active', version: 6 }));
      const again = await fetch(`${base}/things`, { headers: { authorization: `Bearer ${staff}` } });
      expect(again.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
