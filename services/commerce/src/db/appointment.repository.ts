import { sql } from 'drizzle-orm';
import type { AppointmentSnapshot } from '@salon/contracts';
import { selectRows, type Executor } from '@salon/service-kit';
import type { PaymentPart } from './payment.repository';

export interface AppointmentReplica {
  appointment_id: string;
  tenant_id: string;
  customer_id: string | null;
  status: string;
  services: AppointmentSnapshot['services'];
  total_price: string;
  currency: string;
  /** The deposit the booking owes ("0.00": none, a payment takes the whole price). */
  deposit_amount: string;
}

/** scheduling.appointment.*: the newest snapshot wins (out-of-order delivery is harmless). */
export async function upsertAppointment(tx: Executor, snapshot: AppointmentSnapshot): Promise<void> {
  await tx.execute(sql`
    INSERT INTO commerce.appointments (appointment_id, tenant_id, customer_id, status, services, total_price,
      currency, deposit_amount, starts_at, version, updated_at)
    VALUES (${snapshot.appointment_id}, ${snapshot.tenant_id}, ${snapshot.customer_id}, ${snapshot.status},
      ${JSON.stringify(snapshot.services)}::jsonb, ${snapshot.total_price}, ${snapshot.currency},
      ${snapshot.deposit_amount ?? '0.00'}, ${snapshot.starts_at}::timestamptz, ${snapshot.version}, ${snapshot.updated_at}::timestamptz)
    ON CONFLICT (appointment_id) DO UPDATE SET
      customer_id = EXCLUDED.customer_id, status = EXCLUDED.status, services = EXCLUDED.services,
      total_price = EXCLUDED.total_price, currency = EXCLUDED.currency,
      deposit_amount = EXCLUDED.deposit_amount, starts_at = EXCLUDED.starts_at,
      version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
    WHERE commerce.appointments.version < EXCLUDED.version`);
}

export async function findAppointment(executor: Executor, tenantId: string, id: string) {
  const [row] = await selectRows<AppointmentReplica>(
    executor,
    sql`SELECT appointment_id, tenant_id, customer_id, status, services, total_price::text AS total_price, currency,
          deposit_amount::text AS deposit_amount
        FROM commerce.appointments WHERE tenant_id = ${tenantId} AND appointment_id = ${id}`,
  );
  return row;
}

/** The live (PENDING, PROCESSING) or COMPLETED payment of the appointment (of one part, when given), if any. */
export async function livePaymentOfAppointment(
  executor: Executor,
  tenantId: string,
  appointmentId: string,
  part?: PaymentPart,
) {
  const [row] = await selectRows<{ id: string; status: string; part: PaymentPart }>(
    executor,
    sql`SELECT id, status, part FROM commerce.payments
        WHERE tenant_id = ${tenantId} AND appointment_id = ${appointmentId}
          AND status IN ('PENDING', 'PROCESSING', 'COMPLETED')
          ${part ? sql`AND part = ${part}` : sql``}
        ORDER BY created_at, id LIMIT 1`,
  );
  return row;
}

export async function deleteAppointmentPayment(
  tx: Executor,
  tenantId: string,
  paymentId: string,
  invoiceId: string,
) {
  await tx.execute(sql`DELETE FROM commerce.invoices WHERE tenant_id = ${tenantId} AND id = ${invoiceId}`);
  await tx.execute(sql`DELETE FROM commerce.payments WHERE tenant_id = ${tenantId} AND id = ${paymentId}`);
}

export async function setGatewayInvoice(
  tx: Executor,
  tenantId: string,
  invoiceId: string,
  gatewayId: string,
  url: string,
  providerAccount: string,
) {
  await tx.execute(sql`
    UPDATE commerce.invoices SET gateway_invoice_id = ${gatewayId}, gateway_invoice_url = ${url},
      metadata = metadata || ${JSON.stringify({ provider_account: providerAccount })}::jsonb
    WHERE tenant_id = ${tenantId} AND id = ${invoiceId}`);
}
