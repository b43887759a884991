import { sql } from 'drizzle-orm';
import type { SubscriptionPaymentAppliedV1 } from '@salon/contracts';
import { newId, selectRows } from '@salon/service-kit';
import { tenantUpdatedFixture, waitFor } from '@salon/testing';
import { notificationsOf, publish, startHarness, type Harness } from './helpers';

describe("the business's confirmation of a paid subscription invoice", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const db = () => h.service.database.db.orm;

  /** A tenant in Asia/Jakarta paying in IDR, replicated with its own e-mail. */
  async function business(language: 'en' | 'id') {
    const tenantId = newId();
    const email = `owner-${tenantId}@glow.example`;
    await publish(
      h.service,
      'identity.tenant.updated.v1',
      tenantUpdatedFixture(tenantId, 1, { language }, { name: 'Glow Salon', email }),
      tenantId,
    );
    await waitFor(
      async () =>
        (await selectRows(db(), sql`SELECT 1 FROM notifications.tenants WHERE tenant_id = ${tenantId}`))
          .length === 1,
    );
    return { tenantId, email };
  }

  const applied = (
    tenantId: string,
    overrides: Partial<SubscriptionPaymentAppliedV1> = {},
  ): SubscriptionPaymentAppliedV1 => ({
    tenant_id: tenantId,
    subscription_id: newId(),
    invoice_id: newId(),
    kind: 'upgrade',
    plan: 'PRO',
    previous_plan: 'FREE',
    billing_period: 'monthly',
    current_period_start: '2026-03-01T00:00:00.000Z',
    current_period_end: '2026-04-01T00:00:00.000Z',
    next_billing_date: '2026-04-01T00:00:00.000Z',
    amount: '405774.00',
    currency: 'IDR',
    paid_at: '2026-03-12T09:00:00.000Z',
    ...overrides,
  });
  const mailsTo = (email: string) => h.smtp.messages.filter((m) => m.to === email);

  it('an upgrade: one e-mail to the business with the plan, the period, the amount and the next billing date, even when redelivered', async () => {
    const { tenantId, email } = await business('en');
    // The salon's e-mails for the month are used up: the platform's message to the business still goes.
    await db().execute(
      sql`INSERT INTO notifications.channel_usage (tenant_id, month, channel, sent)
          VALUES (${tenantId}, ${new Date().toISOString().slice(0, 7)}, 'email', 100)`,
    );
    const data = applied(tenantId);
    await publish(h.service, 'billing.subscription.payment_applied.v1', data, tenantId);
    // The same invoice again, in another event (a replayed outbox): still one confirmation.
    await publish(h.service, 'billing.subscription.payment_applied.v1', data, tenantId);
    const mail = await waitFor(() => mailsTo(email)[0]);
    expect(mail.subject).toBe('Salon platform: your Pro plan is active');
    expect(mail.text).toContain('Hello Glow Salon,');
    expect(mail.text).toMatch(/We received your payment of IDR\s405,774\./);
    expect(mail.text).toContain('Your plan is now Pro (monthly), upgraded from Free.');
    // The period in the business's zone (Asia/Jakarta).
    expect(mail.text).toContain('Current period: 1 March 2026 – 1 April 2026.');
    expect(mail.text).toContain('Next billing date: 1 April 2026.');
    const rows = await waitFor(async () => {
      const found = (await notificationsOf(h.service, tenantId)).filter(
        (row) => row.kind === 'subscription_payment_confirmation',
      );
      return found.length === 1 && found[0]!.status === 'COMPLETED' && found;
    });
    expect(rows).toHaveLength(1);
    const usage = await selectRows<{ sent: number }>(
      db(),
      sql`SELECT sent FROM notifications.channel_usage WHERE tenant_id = ${tenantId} AND channel = 'email'`,
    );
    expect(usage).toEqual([{ sent: 100 }]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('a renewal, in Indonesian for an Indonesian business', async () => {
    const { tenantId, email } = await business('id');
    await publish(
      h.service,
      'billing.subscription.payment_applied.v1',
      applied(tenantId, {
        kind: 'renewal',
        previous_plan: 'PRO',
        current_period_start: '2026-04-01T00:00:00.000Z',
        current_period_end: '2026-05-01T00:00:00.000Z',
        next_billing_date: '2026-05-01T00:00:00.000Z',
        amount: '599000.00',
      }),
      tenantId,
    );
    const mail = await waitFor(() => mailsTo(email)[0]);
    expect(mail.subject).toBe('Salon platform: paket Pro Anda telah diperpanjang');
    expect(mail.text).toContain('Halo Glow Salon,');
    expect(mail.text).toMatch(/Kami telah menerima pembayaran Anda sebesar Rp\s599\.000\./);
    expect(mail.text).toContain('Paket Pro (bulanan) Anda telah diperpanjang.');
    expect(mail.text).toContain('Periode saat ini: 1 April 2026 – 1 Mei 2026.');
    expect(mail.text).toContain('Tanggal tagihan berikutnya: 1 Mei 2026.');
  });
});
