import { sql } from 'drizzle-orm';
import { customerUpdatedV1, type CustomerUpdatedV1 } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { knownService, knownStaff, registeredCustomer, registeredTenant, query } from './helpers';

describe("the customer's own account", () => {
  let service: TestService;
  let events: EventCapture;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, ['identity.customer.updated.v1']);
  });
  afterAll(() => service.stop());

  const updatedEvent = (customerId: string, where: (data: CustomerUpdatedV1) => boolean = () => true) =>
    events
      .next(
        'identity.customer.updated.v1',
        (event) => event.data.customer_id === customerId && where(event.data),
      )
      .then((event) => customerUpdatedV1.parse(event.data));

  async function customerOfNewTenant() {
    const tenant = await registeredTenant(service);
    return { tenant, customer: await registeredCustomer(service, tenant.slug) };
  }

  describe('profile', () => {
    it('shows the profile with the membership tier from loyalty points', async () => {
      const { customer } = await customerOfNewTenant();
      const response = await service.request('GET', '/customers/profile', { token: customer.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: customer.customerId,
        email: customer.body.email.toLowerCase(),
        first_name: 'Sari',
        last_name: 'Dewi',
        phone: customer.body.phone,
        date_of_birth: null,
        gender: null,
        email_verified: false,
        phone_verified: false,
        preferences: {
          preferred_outlet_id: null,
          preferred_staff_ids: [],
          preferred_services: [],
          communication_preferences: { email: true, sms: false, push: true, whatsapp: false },
          marketing_consent: false,
          language: 'en',
          timezone: 'UTC',
        },
        loyalty_points: 0,
        membership_tier: 'basic',
        total_appointments: 0,
        last_appointment_date: null,
        created_at: expect.any(String),
      });

      for (const [points, tier] of [
        [100, 'silver'],
        [999, 'gold'],
        [1000, 'platinum'],
      ] as const) {
        await query(
          service,
          sql`UPDATE identity.customers SET loyalty_points = ${points} WHERE id = ${customer.customerId}`,
        );
        const profile = await service.request('GET', '/customers/profile', { token: customer.token });
        expect(profile.body).toMatchObject({ loyalty_points: points, membership_tier: tier });
      }
    });

    it('updates the profile; a new phone is unverified and published', async () => {
      const { customer } = await customerOfNewTenant();
      await query(
        service,
        sql`UPDATE identity.customers SET phone_verified = true WHERE id = ${customer.customerId}`,
      );
      const response = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: {
          first_name: '  Ratna ',
          phone: '+628999000111',
          date_of_birth: '1990-05-17',
          gender: 'prefer_not_to_say',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        first_name: 'Ratna',
        last_name: 'Dewi',
        phone: '+628999000111',
        phone_verified: false,
        date_of_birth: '1990-05-17',
        gender: 'prefer_not_to_say',
      });
      const data = await updatedEvent(customer.customerId, (event) => event.first_name === 'Ratna');
      expect(data).toMatchObject({
        phone: '+628999000111',
        phone_verified: false,
        date_of_birth: '1990-05-17',
      });

      // The same phone again is no change: stays as it is.
      const same = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: { phone: '+628999000111' },
      });
      expect(same.status).toBe(200);
    });

    it('refuses an e-mail change (400), a taken phone (409), an empty body, a future birth date and bad fields (422)', async () => {
      const { tenant, customer } = await customerOfNewTenant();
      const neighbour = await registeredCustomer(service, tenant.slug);
      const email = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: { email: 'new@mail.example' },
      });
      expect(email.status).toBe(400);
      expect(email.body).toEqual({ detail: 'Email cannot be changed' });

      const taken = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: { phone: neighbour.body.phone },
      });
      expect(taken.status).toBe(409);

      expect(
        (await service.request('POST', '/customers/profile', { token: customer.token, body: {} })).status,
      ).toBe(422);
      const future = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: { date_of_birth: '2999-01-01' },
      });
      expect(future.status).toBe(422);
      expect(future.body.detail[0].loc).toEqual(['body', 'date_of_birth']);
      const bad = await service.request('POST', '/customers/profile', {
        token: customer.token,
        body: { first_name: 'x'.repeat(51), gender: 'unknown' },
      });
      expect(bad.status).toBe(422);
    });

    it('refuses staff tokens (403) and answers 404 once the customer is gone', async () => {
      const { tenant, customer } = await customerOfNewTenant();
      expect((await service.request('GET', '/customers/profile', { token: tenant.token })).status).toBe(403);
      expect((await service.request('GET', '/customers/preferences', { token: tenant.token })).status).toBe(
        403,
      );
      expect(
        (
          await service.request('PUT', '/customers/consent', {
            token: tenant.token,
            body: { analytics_consent: true },
          })
        ).status,
      ).toBe(403);
      expect((await service.request('GET', '/customers/profile')).status).toBe(401);

      // A token of a customer of another tenant never reaches this one's data: the record is looked up by both.
      const foreign = service.signer.signCustomerAccess({
        sub: customer.customerId,
        tenant_id: newId(),
        session_id: newId(),
      });
      expect((await service.request('GET', '/customers/profile', { token: foreign })).status).toBe(404);
    });
  });

  describe('preferences', () => {
    it('shows the defaults of the spec', async () => {
      const { customer } = await customerOfNewTenant();
      const response = await service.request('GET', '/customers/preferences', { token: customer.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        preferred_outlet_id: null,
        preferred_staff_ids: [],
        preferred_services: [],
        communication_preferences: { email: true, sms: false, push: true, whatsapp: false },
        marketing_consent: false,
        data_processing_consent: true,
        analytics_consent: false,
        language: 'en',
        timezone: 'UTC',
        notification_settings: {
          booking_reminders: true,
          promotional_offers: false,
          appointment_updates: true,
          loyalty_updates: true,
        },
        notes: null,
      });
    });

    it('updates preferences, merging communication preferences, and publishes them', async () => {
      const { customer, tenant } = await customerOfNewTenant();
      const [outlet] = customer.login.outlets;
      const staffId = await knownStaff(service, tenant.tenantId);
      const serviceId = await knownService(service, tenant.tenantId);
      const response = await service.request('PUT', '/customers/preferences', {
        token: customer.token,
        body: {
          preferred_outlet_id: outlet.id,
          preferred_staff_ids: [staffId],
          preferred_services: [serviceId],
          communication_preferences: { whatsapp: true },
          language: 'id',
          timezone: 'Asia/Jakarta',
          notification_settings: { promotional_offers: true },
          notes: 'Prefers mornings',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        preferred_outlet_id: outlet.id,
        preferred_staff_ids: [staffId],
        preferred_services: [serviceId],
        communication_preferences: { email: true, sms: false, push: true, whatsapp: true },
        language: 'id',
        timezone: 'Asia/Jakarta',
        notification_settings: {
          booking_reminders: true,
          promotional_offers: true,
          appointment_updates: true,
          loyalty_updates: true,
        },
        notes: 'Prefers mornings',
      });
      const data = await updatedEvent(customer.customerId, (event) => event.preferences.language === 'id');
      expect(data.preferences).toMatchObject({
        preferred_outlet_ids: [outlet.id],
        communication: { whatsapp: true },
        timezone: 'Asia/Jakarta',
      });
      expect(
        (await service.request('GET', '/customers/preferences', { token: customer.token })).body,
      ).toEqual(response.body);
    });

    it("refuses another tenant's, an inactive or an unknown outlet (400 Invalid outlet ID), and bad input (422)", async () => {
      const { tenant, customer } = await customerOfNewTenant();
      const other = await customerOfNewTenant();
      const [otherOutlet] = other.customer.login.outlets;
      for (const outletId of [otherOutlet.id, newId()]) {
        const response = await service.request('PUT', '/customers/preferences', {
          token: customer.token,
          body: { preferred_outlet_id: outletId },
        });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ detail: 'Invalid outlet ID' });
      }
      // An outlet of the tenant that has been deactivated.
      const [myOutlet] = customer.login.outlets;
      await service.request('DELETE', `/outlets/${myOutlet.id}`, { token: tenant.token });
      const inactive = await service.request('PUT', '/customers/preferences', {
        token: customer.token,
        body: { preferred_outlet_id: myOutlet.id },
      });
      expect(inactive.status).toBe(400);

      const bad = await service.request('PUT', '/customers/preferences', {
        token: customer.token,
        body: { preferred_staff_ids: ['not-an-id'], language: 'fr', timezone: 'Mars/Olympus' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual(
        expect.arrayContaining([
          ['body', 'preferred_staff_ids', 0],
          ['body', 'language'],
          ['body', 'timezone'],
        ]),
      );
    });
  });

  describe('consent', () => {
    it('gives and withdraws consent, writes the audit entry and publishes the change', async () => {
      const { tenant, customer } = await customerOfNewTenant();
      const response = await service.request('PUT', '/customers/consent', {
        token: customer.token,
        body: { marketing_consent: true, analytics_consent: true, communication_consent: { sms: true } },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        marketing_consent: true,
        data_processing_consent: true,
        analytics_consent: true,
        communication_preferences: { email: true, sms: true, push: true, whatsapp: false },
        last_updated: expect.any(String),
        message: expect.any(String),
      });
      const data = await updatedEvent(customer.customerId, (event) => event.preferences.marketing_consent);
      expect(data.preferences).toMatchObject({ analytics_consent: true, communication: { sms: true } });

      const withdrawn = await service.request('PUT', '/customers/consent', {
        token: customer.token,
        body: { marketing_consent: false },
      });
      expect(withdrawn.body).toMatchObject({ marketing_consent: false, analytics_consent: true });

      const { rows } = await query<{ action: string; entity_type: string; entity_id: string; details: any }>(
        service,
        sql`SELECT action, entity_type, entity_id, details FROM identity.audit_log
            WHERE entity_id = ${customer.customerId} ORDER BY created_at, id`,
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        action: 'CUSTOMER_CONSENT_UPDATED',
        entity_type: 'customer',
        details: {
          consent_changes: {
            marketing_consent: { from: false, to: true },
            analytics_consent: { from: false, to: true },
            'communication_consent.sms': { from: false, to: true },
          },
          consent_timestamp: response.body.last_updated,
        },
      });
      expect(rows[1]!.details.consent_changes).toEqual({ marketing_consent: { from: true, to: false } });

      // The tenant admin reads them at /audit-logs.
      const audit = await service.request('GET', '/audit-logs?action=CUSTOMER_CONSENT_UPDATED', {
        token: tenant.token,
      });
      expect(audit.status).toBe(200);
      expect(audit.body).toMatchObject({ total: 2, page: 1, size: 20 });
      expect(audit.body.items[0]).toMatchObject({
        tenant_id: tenant.tenantId,
        actor_type: 'customer',
        actor_id: customer.customerId,
        action: 'CUSTOMER_CONSENT_UPDATED',
      });
    });

    it('needs at least one consent (422)', async () => {
      const { customer } = await customerOfNewTenant();
      const response = await service.request('PUT', '/customers/consent', {
        token: customer.token,
        body: {},
      });
      expect(response.status).toBe(422);
    });
  });

  describe('GET /audit-logs', () => {
    it("shows a tenant admin only its tenant's entries, a SUPER_ADMIN any, and refuses other roles and customers", async () => {
      const mine = await customerOfNewTenant();
      const other = await customerOfNewTenant();
      for (const { customer } of [mine, other])
        await service.request('PUT', '/customers/consent', {
          token: customer.token,
          body: { analytics_consent: true },
        });
      const own = await service.request('GET', '/audit-logs', { token: mine.tenant.token });
      expect(own.body.items.map((entry: { tenant_id: string }) => entry.tenant_id)).toEqual([
        mine.tenant.tenantId,
      ]);
      // A tenant admin cannot widen the filter to another tenant.
      const widened = await service.request('GET', `/audit-logs?tenant_id=${other.tenant.tenantId}`, {
        token: mine.tenant.token,
      });
      expect(widened.body.items.map((entry: { tenant_id: string }) => entry.tenant_id)).toEqual([
        mine.tenant.tenantId,
      ]);

      const superAdmin = service.signer.signStaffAccess({
        sub: newId(),
        role: 'SUPER_ADMIN',
        tenant_id: null,
        outlet_ids: [],
      });
      const filtered = await service.request('GET', `/audit-logs?tenant_id=${other.tenant.tenantId}`, {
        token: superAdmin,
      });
      expect(filtered.body.items.map((entry: { entity_id: string }) => entry.entity_id)).toEqual([
        other.customer.customerId,
      ]);

      const staff = service.signer.signStaffAccess({
        sub: newId(),
        role: 'STAFF',
        tenant_id: mine.tenant.tenantId,
        outlet_ids: [],
      });
      expect((await service.request('GET', '/audit-logs', { token: staff })).status).toBe(403);
      expect((await service.request('GET', '/audit-logs', { token: mine.customer.token })).status).toBe(403);
      expect((await service.request('GET', '/audit-logs?size=500', { token: superAdmin })).status).toBe(422);
    });
  });
});
