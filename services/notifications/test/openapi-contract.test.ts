import { notificationsApi } from '@salon/contracts';
import { newId } from '@salon/service-kit';
import { contractCalls } from '@salon/testing';
import { INTERNAL, days, insertNotification, seedTenant, startHarness, type Harness } from './helpers';

/** Every webhook answer parses with the response schema its operation contract documents. */
describe('notifications answers match their operation contracts', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const { call } = contractCalls(notificationsApi.notificationsOperations, () => h.service, {
    headers: INTERNAL,
  });

  it('promote, promotion-stats and health', async () => {
    const tenant = await seedTenant(h.service);
    await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(3) });
    expect(
      await call('POST /webhooks/notifications/promote', '/webhooks/notifications/promote'),
    ).toMatchObject({ status: 'success' });
    await call('GET /webhooks/notifications/promotion-stats', '/webhooks/notifications/promotion-stats');
    await call('GET /webhooks/notifications/health', '/webhooks/notifications/health');
  });

  it('trigger: success, skipped and error forms; retry', async () => {
    const tenant = await seedTenant(h.service);
    const trigger = (id: string) =>
      call('POST /webhooks/notifications/trigger', '/webhooks/notifications/trigger', {
        body: { scheduled_notification_id: id },
      });
    const promoted = await insertNotification(h.service, tenant, {
      status: 'PROMOTED',
      scheduledAt: days(1),
    });
    expect(await trigger(promoted)).toMatchObject({ status: 'success' });
    const pending = await insertNotification(h.service, tenant, { status: 'PENDING', scheduledAt: days(40) });
    expect(await trigger(pending)).toMatchObject({ status: 'skipped' });
    expect(await trigger(newId())).toMatchObject({ status: 'error' });

    const failed = await insertNotification(h.service, tenant, { status: 'FAILED', scheduledAt: days(1) });
    const retried = await call(
      'POST /webhooks/notifications/retry/{notification_id}',
      `/webhooks/notifications/retry/${failed}`,
      { body: {} },
    );
    expect(retried).toMatchObject({ status: 'success', retry_count: 1 });
  });
});
