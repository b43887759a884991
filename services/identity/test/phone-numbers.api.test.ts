import { newId } from '@salon/service-kit';
import { captureEvents, startTestService, type EventCapture, type TestService } from '@salon/testing';
import { identityService } from '../src/definition';
import { customerRegistration, registeredTenant, registration } from './helpers';

/** Phones as people type them: read in the tenant's region, stored and compared in E.164 (issue 18, item 8). */
describe('phone numbers as people type them', () => {
  let service: TestService;
  let events: EventCapture;
  let counter = 0;

  beforeAll(async () => {
    service = await startTestService(identityService);
    events = await captureEvents(service.testBus.bus, ['identity.account.password_reset_requested.v1']);
  });
  afterAll(() => service.stop());

  /** A Jakarta mobile number, unique per call, as a receptionist types it and in E.164. */
  const localMobile = () => {
    counter += 1;
    const digits = `${String(Date.now() % 1e5).padStart(5, '0')}${String(counter).padStart(3, '0')}`;
    return { typed: `0813 ${digits.slice(0, 4)} ${digits.slice(4)}`, e164: `+62813${digits}` };
  };

  const createCustomer = (token: string, body: Record<string, unknown>) =>
    service.request('POST', '/customers', { token, body: { first_name: 'Budi', ...body } });

  it('stores a customer created by staff with a local or an international number in E.164', async () => {
    const { token } = await registeredTenant(service);
    const local = await createCustomer(token, { phone: '0812 3456 7890' });
    expect(local.status).toBe(201);
    expect(local.body.phone).toBe('+6281234567890');

    const { token: other } = await registeredTenant(service);
    const international = await createCustomer(other, { phone: '+62 812-3456-7890' });
    expect(international.status).toBe(201);
    expect(international.body.phone).toBe('+6281234567890');
  });

  it('reads a London tenant’s local numbers as British', async () => {
    const { tenantId, token } = await registeredTenant(service);
    const moved = await service.request('PUT', `/tenants/${tenantId}`, {
      token,
      body: { settings: { timezone: 'Europe/London', currency: 'GBP' }, phone: '020 7946 0000' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.phone).toBe('+442079460000');

    const customer = await createCustomer(token, { phone: '020 7946 0958' });
    expect(customer.status).toBe(201);
    expect(customer.body.phone).toBe('+442079460958');
    // An Indonesian number given with its country code stays Indonesian.
    const visitor = await createCustomer(token, { phone: '+62 812 3456 7890' });
    expect(visitor.body.phone).toBe('+6281234567890');
    // A Jakarta local number is no British number.
    const wrong = await createCustomer(token, { phone: '0812 3456 7890' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'phone'], type: 'value_error' }),
    ]);
  });

  it('detects a duplicate typed in another format (409)', async () => {
    const { token } = await registeredTenant(service);
    expect((await createCustomer(token, { phone: '0812 3456 7890' })).status).toBe(201);
    for (const phone of ['+62 812-3456-7890', '+6281234567890', '(0812) 3456.7890', '62 812 3456 7890']) {
      const duplicate = await createCustomer(token, { phone });
      expect({ phone, status: duplicate.status, detail: duplicate.body.detail }).toEqual({
        phone,
        status: 409,
        detail: 'Phone already registered',
      });
    }
    const other = await createCustomer(token, { phone: '0812 0000 1111' });
    expect(other.status).toBe(201);
    const update = await service.request('PUT', `/customers/${other.body.id}`, {
      token,
      body: { phone: '+62-812-3456-7890' },
    });
    expect(update.status).toBe(409);
  });

  it('answers 422 in the validation shape for garbage and for numbers that cannot be', async () => {
    const { token } = await registeredTenant(service);
    for (const phone of ['call me', '0812-CALL-ME', '++62812345678', '12345', '0000 0000 0000']) {
      const response = await createCustomer(token, { phone });
      expect({ phone, status: response.status }).toEqual({ phone, status: 422 });
      expect(response.body.detail).toEqual([
        { loc: ['body', 'phone'], msg: expect.any(String), type: expect.any(String) },
      ]);
    }
  });

  it('takes local numbers at business registration and for outlets (FREE plan: a closed one)', async () => {
    const business = registration({ business_phone: '0811-2233-4455' });
    const registered = await service.request('POST', '/public/register', { body: business });
    expect(registered.status).toBe(201);
    const duplicate = await service.request('POST', '/public/register', {
      body: registration({ business_phone: '+62 811 2233 4455' }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toContain('business_phone');
    const garbage = await service.request('POST', '/public/register', {
      body: registration({ business_phone: '0000 0000 0000' }),
    });
    expect(garbage.status).toBe(422);
    expect(garbage.body.detail[0].loc).toEqual(['body', 'business_phone']);

    const { token } = await registeredTenant(service);
    const outlet = await service.request('POST', '/outlets', {
      token,
      body: { name: `Kemang ${newId()}`, phone: '(021) 555-1234', is_active: false },
    });
    expect(outlet.status).toBe(201);
    expect(outlet.body.phone).toBe('+62215551234');
    const changed = await service.request('PUT', `/outlets/${outlet.body.id}`, {
      token,
      body: { phone: '021 555 4321' },
    });
    expect(changed.body.phone).toBe('+62215554321');
  });

  it('registers, signs in and resets a password by a locally typed phone', async () => {
    const { slug } = await registeredTenant(service);
    const phone = localMobile();
    const body = customerRegistration(slug, { email: undefined, phone: phone.typed });
    const registered = await service.request('POST', '/customer/auth/register', { body });
    expect(registered.status).toBe(201);
    expect(registered.body.phone).toBe(phone.e164);

    for (const login of [
      { phone: phone.typed, tenant_slug: slug },
      { phone: phone.e164.replace('+62813', '+62 813-') },
      { phone: phone.typed },
    ]) {
      const answer = await service.request('POST', '/customer/auth/login', {
        body: { ...login, password: body.password },
      });
      expect({ login, status: answer.status }).toEqual({ login, status: 200 });
    }

    const forgot = await service.request('POST', '/customer/auth/password/forgot', {
      body: { tenant_slug: slug, phone: phone.typed },
    });
    expect(forgot.status).toBe(200);
    const requested = await events.next(
      'identity.account.password_reset_requested.v1',
      (event) => event.data.account_id === registered.body.customer_id,
    );
    expect(requested.data).toMatchObject({ channel: 'phone', phone: phone.e164 });
    const reset = await service.request('POST', '/customer/auth/password/reset', {
      body: {
        tenant_slug: slug,
        phone: phone.typed,
        code: requested.data.code,
        new_password: 'NewSecret123',
      },
    });
    expect(reset.status).toBe(200);
    const again = await service.request('POST', '/customer/auth/login', {
      body: { phone: phone.typed, tenant_slug: slug, password: 'NewSecret123' },
    });
    expect(again.status).toBe(200);
  });
});
