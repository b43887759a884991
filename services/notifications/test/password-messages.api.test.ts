import { sql } from 'drizzle-orm';
import type { PasswordChangedV1, PasswordResetRequestedV1 } from '@salon/contracts';
import { newId, selectRows } from '@salon/service-kit';
import { setTenantPlan, waitFor } from '@salon/testing';
import { publish, seedTenant, startHarness, type Harness } from './helpers';

describe('password messages of staff users and customers, through the broker to the sandboxes', () => {
  let h: Harness;
  /** Every code these tests send: none may be found in the database afterwards. */
  const codesSent: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const db = () => h.service.database.db.orm;
  const uniquePhone = () => `+62813${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const newCode = () => {
    const code = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    codesSent.push(code);
    return code;
  };
  const account = (
    type: 'staff' | 'customer',
    tenantId: string | null,
    overrides: Partial<PasswordResetRequestedV1> = {},
  ) => ({
    account_type: type,
    account_id: newId(),
    tenant_id: tenantId,
    email: `${type}-${newId()}@example.com`,
    phone: uniquePhone(),
    first_name: 'Rina',
    last_name: 'Putri',
    language: null,
    ...overrides,
  });
  const resetRequested = (
    type: 'staff' | 'customer',
    tenantId: string | null,
    channel: 'email' | 'phone',
    overrides: Partial<PasswordResetRequestedV1> = {},
  ): PasswordResetRequestedV1 => ({
    ...account(type, tenantId, overrides),
    channel,
    code: newCode(),
    expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  });
  const deliveriesOf = (accountId: string) =>
    selectRows<{
      tenant_id: string | null;
      kind: string;
      channel: string;
      status: string;
      reason: string | null;
    }>(
      db(),
      sql`SELECT tenant_id, kind, channel, status, reason FROM notifications.deliveries WHERE recipient_id = ${accountId}`,
    );
  /** The account's delivery rows once `count` are recorded (a row is written right after its send). */
  const deliveries = (accountId: string, count = 1) =>
    waitFor(async () => {
      const rows = await deliveriesOf(accountId);
      return rows.length === count && rows;
    });

  it("a customer's reset code goes by e-mail or by SMS, to the contact it was asked with", async () => {
    const tenant = await seedTenant(h.service, 'id');
    const byEmail = resetRequested('customer', tenant.tenantId, 'email');
    await publish(h.service, 'identity.account.password_reset_requested.v1', byEmail, tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === byEmail.email));
    // no language on the account: the tenant's (Indonesian)
    expect(mail.subject).toBe('Glow Salon: kode reset kata sandi Anda');
    expect(mail.text).toContain(`Kode reset kata sandi Glow Salon Anda adalah ${byEmail.code}.`);
    expect(mail.text).toContain('Berlaku selama 30 menit.');
    expect(await deliveries(byEmail.account_id)).toEqual([
      {
        tenant_id: tenant.tenantId,
        kind: 'password_reset_code',
        channel: 'email',
        status: 'sent',
        reason: null,
      },
    ]);

    const byPhone = resetRequested('customer', tenant.tenantId, 'phone', { language: 'en' });
    await publish(h.service, 'identity.account.password_reset_requested.v1', byPhone, tenant.tenantId);
    const sms = await waitFor(() => h.sms.messages.find((m) => m.to === byPhone.phone));
    expect(sms.text).toContain(`Your Glow Salon password reset code is ${byPhone.code}.`);
    expect((await deliveries(byPhone.account_id)).map((row) => [row.channel, row.status])).toEqual([
      ['sms', 'sent'],
    ]);
    // one message per request, on its channel only
    expect(h.smtp.messages.some((m) => m.to === byPhone.email)).toBe(false);
    expect(h.sms.messages.some((m) => m.to === byEmail.phone)).toBe(false);
  });

  it("a staff user's reset code (no tenant) goes by e-mail, signed by the platform", async () => {
    const staff = resetRequested('staff', null, 'email');
    await publish(h.service, 'identity.account.password_reset_requested.v1', staff, null);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === staff.email));
    expect(mail.subject).toBe('Salon platform: your password reset code');
    expect(mail.text).toContain(`Your Salon platform password reset code is ${staff.code}.`);
    expect(await deliveries(staff.account_id)).toEqual([
      { tenant_id: null, kind: 'password_reset_code', channel: 'email', status: 'sent', reason: null },
    ]);
  });

  it('a code already expired when its event is handled is not sent', async () => {
    const expired = resetRequested('staff', null, 'email', {
      expires_at: new Date(Date.now() - 1_000).toISOString(),
    });
    const valid = resetRequested('staff', null, 'email', {
      account_id: expired.account_id,
      email: expired.email,
    });
    await publish(h.service, 'identity.account.password_reset_requested.v1', expired, null);
    // one queue with prefetch 1: the second request is handled after the first
    await publish(h.service, 'identity.account.password_reset_requested.v1', valid, null);
    await deliveries(expired.account_id);
    expect(h.smtp.messages.filter((m) => m.to === expired.email).map((m) => m.text)).toEqual([
      expect.stringContaining(valid.code),
    ]);
  });

  it('a FREE tenant whose e-mails of the month are used up still sends the reset code, outside the quota', async () => {
    const tenant = await seedTenant(h.service);
    await setTenantPlan(h.service, tenant.tenantId, 'FREE');
    const month = new Date().toISOString().slice(0, 7);
    await db().execute(
      sql`INSERT INTO notifications.channel_usage (tenant_id, month, channel, sent)
          VALUES (${tenant.tenantId}, ${month}, 'email', 100)`,
    );
    const owner = resetRequested('customer', tenant.tenantId, 'email');
    await publish(h.service, 'identity.account.password_reset_requested.v1', owner, tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === owner.email));
    expect(mail.text).toContain(owner.code);
    expect((await deliveries(owner.account_id)).map((row) => row.status)).toEqual(['sent']);
    const [usage] = await selectRows<{ sent: number }>(
      db(),
      sql`SELECT sent FROM notifications.channel_usage WHERE tenant_id = ${tenant.tenantId} AND channel = 'email'`,
    );
    expect(usage?.sent).toBe(100);
  });

  it('"your password was changed": by e-mail when there is one, else by SMS', async () => {
    const tenant = await seedTenant(h.service);
    const changed = (
      type: 'staff' | 'customer',
      tenantId: string | null,
      overrides: Partial<PasswordChangedV1>,
    ): PasswordChangedV1 => ({
      ...account(type, tenantId),
      reason: 'reset',
      changed_at: '2026-03-03T03:30:00.000Z',
      ...overrides,
    });
    const customer = changed('customer', tenant.tenantId, {});
    await publish(h.service, 'identity.account.password_changed.v1', customer, tenant.tenantId);
    const mail = await waitFor(() => h.smtp.messages.find((m) => m.to === customer.email));
    expect(mail.subject).toBe('Glow Salon: your password was changed');
    expect(mail.text).toContain(
      'The password of your Glow Salon account was changed on Tuesday, 3 March 2026, 10:30 (Asia/Jakarta) with a reset code',
    );
    expect(mail.text).toContain('If this was not you, reset your password right away and contact the salon.');
    expect(h.sms.messages.some((m) => m.to === customer.phone)).toBe(false);

    const staff = changed('staff', null, { email: null, reason: 'change', language: 'id' });
    await publish(h.service, 'identity.account.password_changed.v1', staff, null);
    const sms = await waitFor(() => h.sms.messages.find((m) => m.to === staff.phone));
    // An SMS has no subject: Twilio's Messages API sends the text alone.
    expect(sms.subject).toBe('');
    expect(sms.text).toContain('pada Selasa, 3 Maret 2026, 03:30 (UTC) dari sesi yang sedang masuk');
    expect(await deliveries(staff.account_id)).toEqual([
      { tenant_id: null, kind: 'password_changed', channel: 'sms', status: 'sent', reason: null },
    ]);
  });

  it('no code sent is found anywhere in the database', async () => {
    expect(codesSent.length).toBeGreaterThanOrEqual(4);
    const tables = await selectRows<{ table_schema: string; table_name: string }>(
      db(),
      sql`SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((t) => `${t.table_schema}.${t.table_name}`)).toEqual(
      expect.arrayContaining(['notifications.deliveries', 'notifications.scheduled_notifications']),
    );
    // A code as a word of its own: not inside a hex id or a longer number, nor a timestamp's microseconds.
    const anyCode = `(^|[^0-9a-f.])(${codesSent.join('|')})([^0-9a-f]|$)`;
    for (const { table_schema, table_name } of tables) {
      const found = await selectRows<{ row: string }>(
        db(),
        sql`SELECT t::text AS row FROM ${sql.identifier(table_schema)}.${sql.identifier(table_name)} AS t
            WHERE t::text ~ ${anyCode}`,
      );
      expect({ table: `${table_schema}.${table_name}`, found }).toEqual({
        table: `${table_schema}.${table_name}`,
        found: [],
      });
    }
  });
});
