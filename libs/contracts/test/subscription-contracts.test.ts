import { eventSchemas, subscriptionInvoice, subscriptionInvoiceRequest } from '@salon/contracts';

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('billing ⇄ commerce subscription invoice contracts', () => {
  it('registers the paid event and the tenant lifecycle events', () => {
    expect(
      eventSchemas['commerce.subscription_invoice.paid.v1'].parse({
        invoice_id: ID,
        tenant_id: ID,
        subscription_id: ID,
        kind: 'renewal',
        target_plan: 'PRO',
        billing_period: 'monthly',
        amount: '599000.00',
        currency: 'IDR',
        paid_at: '2026-03-12T09:00:00.000Z',
      }),
    ).toMatchObject({ kind: 'renewal' });
    expect(() =>
      eventSchemas['commerce.subscription_invoice.paid.v1'].parse({ invoice_id: ID, amount: 599000 }),
    ).toThrow();
    for (const type of ['identity.tenant.deactivated.v1', 'identity.tenant.reactivated.v1'] as const)
      expect(eventSchemas[type].parse({ tenant_id: ID, at: '2026-03-12T09:00:00.000Z' })).toEqual({
        tenant_id: ID,
        at: '2026-03-12T09:00:00.000Z',
      });
  });

  it('accepts the request and the invoice billing and commerce exchange, and refuses float amounts', () => {
    const request = {
      tenant_id: ID,
      subscription_id: ID,
      kind: 'upgrade',
      target_plan: 'PRO',
      billing_period: 'monthly',
      amount: '405774.00',
      currency: 'IDR',
      due_at: '2026-03-18T00:00:00.000Z',
      description: 'Upgrade from Free to Pro (monthly)',
      metadata: {
        type: 'SUBSCRIPTION',
        renewal: false,
        from_plan: 'FREE',
        to_plan: 'PRO',
        prorated: true,
        days_remaining: 21,
        total_days: 31,
      },
    };
    expect(subscriptionInvoiceRequest.parse(request)).toEqual(request);
    expect(subscriptionInvoiceRequest.safeParse({ ...request, amount: 405774.5 }).success).toBe(false);
    expect(
      subscriptionInvoice.safeParse({
        id: ID,
        invoice_number: 'SUB-1',
        amount: '405774.00',
        currency: 'IDR',
        due_date: '2026-03-18T00:00:00.000Z',
        status: 'PENDING',
        gateway_invoice_id: null,
        gateway_invoice_url: null,
        gateway_pdf_url: null,
        gateway_payment_url: null,
      }).success,
    ).toBe(true);
  });
});
