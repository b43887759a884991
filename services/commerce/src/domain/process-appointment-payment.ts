import { INVOICE_CHANNELS, type Invoice } from '@salon/payment-provider';
import { newEvent, originOf } from '@salon/messaging';
import {
  AppError,
  conflict,
  forbidden,
  formatMoney,
  money,
  newId,
  notFound,
  tenantIn,
  type Executor,
  type RequestContext,
  uniqueViolation,
} from '@salon/service-kit';
import {
  deleteAppointmentPayment,
  livePaymentOfAppointment,
  setGatewayInvoice,
  type AppointmentReplica,
} from '../db/appointment.repository';
import { insertInvoice, lockOverdueAppointmentInvoice } from '../db/invoice.repository';
import { insertPayment, type NewPayment, type PaymentPart } from '../db/payment.repository';
import { findCustomer } from '../db/replica.repository';
import { lockWallet, moveWallet } from '../db/wallet.repository';
import { customerIn } from './callers';
import { expireInvoice } from './expire-invoice';
import { knownAppointment } from './known-appointment';
import { PRODUCER, type CommerceDeps } from './deps';
import { appointmentCharge } from './payment-rules';
import { invoicePdfUrl } from './invoice-pdf';
import { assertGatewayEnabled, callProvider, invoiceNumberOf, subAccountOf } from './provider-invoices';

export const APPOINTMENT_LINK_HOURS = 24;
const PAYABLE_STATUSES = ['pending', 'confirmed'];

type AppointmentPaymentMethod = 'QRIS' | 'BANK_TRANSFER' | 'VIRTUAL_ACCOUNT' | 'E_WALLET' | 'CREDIT_CARD';

/** The provider channels that offer each method the customer picks (a bank transfer goes to a virtual account). */
const CHANNELS_OF_METHOD: Record<AppointmentPaymentMethod, readonly string[]> = {
  QRIS: INVOICE_CHANNELS.QR_CODE,
  BANK_TRANSFER: INVOICE_CHANNELS.BANK_TRANSFER,
  VIRTUAL_ACCOUNT: INVOICE_CHANNELS.BANK_TRANSFER,
  E_WALLET: INVOICE_CHANNELS.EWALLET,
  CREDIT_CARD: INVOICE_CHANNELS.CREDIT_CARD,
};

export interface ProcessAppointmentInput {
  appointment_id: string;
  payment_method: AppointmentPaymentMethod;
  use_wallet_balance: boolean;
  return_url?: string;
}

const alreadyPaid = () => conflict('Appointment already paid');

/** A booking that owes a deposit is paid online by its deposit first (issue 22 item 1). */
const owesDeposit = (appointment: AppointmentReplica): boolean => money(appointment.deposit_amount).gt(0);

/** What an online payment of the appointment is for: its part and the base it takes before wallet and fee. */
export interface AmountDue {
  part: PaymentPart;
  base: string;
}

const LABELS: Record<PaymentPart, string> = { full: '', deposit: 'Deposit: ', balance: 'Balance: ' };

/**
 * Which part of the price a payment of the appointment takes now (one live payment per appointment and part):
 * without a deposit, the whole price while pending or confirmed, as before. With one, the deposit while pending or
 * confirmed (a paid deposit there: 409, the balance is due on completion); once completed, the balance (the price
 * less the paid deposit: the deposit counts towards the price), or the whole price when the deposit was never
 * paid (staff confirmed it by hand). Nothing left to pay is 409.
 */
function assertPayable(appointment: AppointmentReplica): void {
  const { status } = appointment;
  const payable = PAYABLE_STATUSES.includes(status) || (owesDeposit(appointment) && status === 'completed');
  if (!payable) throw conflict(`Appointment status ${status.toUpperCase()} cannot be paid`);
}

async function amountDue(executor: Executor, appointment: AppointmentReplica): Promise<AmountDue> {
  const { tenant_id: tenantId, appointment_id: id, status } = appointment;
  assertPayable(appointment);
  if (!owesDeposit(appointment)) {
    if (await livePaymentOfAppointment(executor, tenantId, id)) throw alreadyPaid();
    return { part: 'full', base: appointment.total_price };
  }
  const deposit = await livePaymentOfAppointment(executor, tenantId, id, 'deposit');
  if (status !== 'completed') {
    if (deposit?.status === 'COMPLETED')
      throw conflict('Deposit already paid: the balance is due once the appointment is completed');
    if (deposit || (await livePaymentOfAppointment(executor, tenantId, id))) throw alreadyPaid();
    return { part: 'deposit', base: appointment.deposit_amount };
  }
  if (deposit?.status !== 'COMPLETED') {
    if (await livePaymentOfAppointment(executor, tenantId, id)) throw alreadyPaid();
    return { part: 'full', base: appointment.total_price };
  }
  const balance = money(appointment.total_price).minus(appointment.deposit_amount);
  if (!balance.gt(0) || (await livePaymentOfAppointment(executor, tenantId, id, 'balance')))
    throw alreadyPaid();
  return { part: 'balance', base: formatMoney(balance) };
}

/** Reserved state after step 1: the payment row holds the appointment (unique live payment per appointment). */
export interface Reserved {
  paymentId: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** The invoice's PDF link secret; null with the invoice. */
  invoicePdfToken: string | null;
  referenceId: string;
  walletApplied: string;
  total: string;
  expiresAt: Date;
}

/** The payment started: paid from the wallet (no provider invoice), or waiting on the provider's page. */
export interface AppointmentPayment {
  reserved: Reserved;
  providerInvoice: Invoice | null;
  /** The invoice as a PDF; null when the wallet paid it all (no invoice). */
  invoicePdfUrl: string | null;
}

/**
 * POST /customer/payments/process-appointment, the spec's rules in order. Step 1 (one transaction): wallet
 * debit, payment and APPOINTMENT invoice (a failure rolls all back: 500, wallet untouched), the invoice
 * recording the request's id so the callback's events carry it. A whole-wallet payment completes there.
 * Step 2: the provider invoice; on failure step 3 undoes step 1 (502).
 */
export async function processAppointmentPayment(
  deps: CommerceDeps,
  ctx: RequestContext,
  input: ProcessAppointmentInput,
): Promise<AppointmentPayment> {
  const tenantId = tenantIn(ctx);
  const customerId = customerIn(ctx);
  const appointment = await knownAppointment(deps, ctx, input.appointment_id);
  if (!appointment) throw notFound('Appointment not found');
  if (appointment.customer_id !== customerId) throw forbidden('Appointment belongs to another customer');
  assertPayable(appointment);
  // An earlier attempt whose invoice ran out (no EXPIRED callback yet) must not block a new one.
  await deps.db.withTx(async (tx) => {
    const overdue = await lockOverdueAppointmentInvoice(tx, tenantId, appointment.appointment_id);
    if (overdue) await expireInvoice(tx, overdue, 'due date passed before a new payment');
  });
  const due = await amountDue(deps.db.orm, appointment);
  const tenant = await assertGatewayEnabled(deps.db.orm, tenantId);
  const customer = await findCustomer(deps.db.orm, tenantId, customerId);

  const now = new Date();
  const expiresAt = new Date(now.getTime() + APPOINTMENT_LINK_HOURS * 3_600_000);
  const reserved = await reserve(
    deps,
    ctx,
    appointment,
    due,
    customerId,
    input,
    tenant.wallet_enabled,
    now,
    expiresAt,
  );
  if (reserved.invoiceId === null) return { reserved, providerInvoice: null, invoicePdfUrl: null };

  let providerInvoice;
  let account: string;
  try {
    account = await subAccountOf(deps, tenantId, 'Payment gateway call failed');
    providerInvoice = await callProvider('Payment gateway call failed', () =>
      deps.provider.createInvoice(
        {
          external_id: reserved.invoiceId as string,
          amount: money(reserved.total).toNumber(),
          currency: appointment.currency,
          payer_email: customer?.email ?? undefined,
          description: `Appointment ${appointment.appointment_id}`,
          invoice_duration: APPOINTMENT_LINK_HOURS * 3600,
          items:
            due.part !== 'full'
              ? [
                  {
                    name: `${LABELS[due.part]}${appointment.services.map((line) => line.service_name).join(', ')}`,
                    quantity: 1,
                    price: money(due.base).toNumber(),
                    category: due.part.toUpperCase(),
                  },
                ]
              : appointment.services.map((line) => ({
                  name: line.service_name,
                  quantity: 1,
                  price: money(line.price).toNumber(),
                  category: 'SERVICE',
                })),
          payment_methods: [...CHANNELS_OF_METHOD[input.payment_method]],
          metadata: {
            tenant_id: tenantId,
            invoice_type: 'APPOINTMENT',
            appointment_id: appointment.appointment_id,
            payment_id: reserved.paymentId,
          },
          success_redirect_url: input.return_url,
          failure_redirect_url: input.return_url,
        },
        { forUserId: account },
      ),
    );
  } catch (error) {
    await release(deps, tenantId, customerId, reserved);
    throw error;
  }
  await deps.db.withTx((tx) =>
    setGatewayInvoice(
      tx,
      tenantId,
      reserved.invoiceId as string,
      providerInvoice.id,
      providerInvoice.invoice_url,
      account,
    ),
  );
  const pdfUrl = invoicePdfUrl(deps.config.PUBLIC_BASE_URL, {
    id: reserved.invoiceId,
    pdf_token: reserved.invoicePdfToken as string,
  });
  return { reserved, providerInvoice, invoicePdfUrl: pdfUrl };
}

async function reserve(
  deps: CommerceDeps,
  ctx: RequestContext,
  appointment: AppointmentReplica,
  due: AmountDue,
  customerId: string,
  input: ProcessAppointmentInput,
  walletEnabled: boolean,
  now: Date,
  expiresAt: Date,
): Promise<Reserved> {
  const tenantId = appointment.tenant_id;
  const referenceId = `APT-${appointment.appointment_id}-${now.getTime()}`;
  try {
    return await deps.db.withTx(async (tx) => {
      const { appointmentFeePercent } = await deps.plans.planOf(tx, tenantId);
      let balance = '0.00';
      if (input.use_wallet_balance && walletEnabled)
        balance = (await lockWallet(tx, tenantId, customerId, appointment.currency)).balance;
      const charge = appointmentCharge(due.base, balance, appointmentFeePercent);
      const paymentId = newId();
      const payment = {
        ...appointmentPayment(appointment, customerId, paymentId, referenceId),
        part: due.part,
      };
      if (money(charge.wallet_applied).gt(0)) {
        await moveWallet(tx, tenantId, customerId, {
          amount: formatMoney(money(charge.wallet_applied).times(-1)),
          kind: 'debit',
          reason: 'Appointment payment',
          reference: referenceId,
          by: null,
        });
      }
      if (money(charge.base_after_wallet).eq(0)) {
        await insertPayment(tx, tenantId, {
          ...payment,
          amount: charge.wallet_applied,
          method: 'WALLET',
          provider: 'wallet',
          status: 'COMPLETED',
          paid_at: now,
        });
        await publishCompleted(deps, ctx, tx, appointment, customerId, paymentId, charge.wallet_applied, now);
        return {
          paymentId,
          invoiceId: null,
          invoiceNumber: null,
          invoicePdfToken: null,
          referenceId,
          walletApplied: charge.wallet_applied,
          total: '0.00',
          expiresAt,
        };
      }
      const invoiceId = newId();
      const invoiceNumber = invoiceNumberOf('APT', invoiceId, now);
      await insertPayment(tx, tenantId, {
        ...payment,
        invoice_id: invoiceId,
        amount: charge.total,
        method: input.payment_method,
        provider: 'gateway',
        status: 'PENDING',
      });
      const invoicePdfToken = await insertInvoice(tx, tenantId, {
        id: invoiceId,
        type: 'APPOINTMENT',
        invoice_number: invoiceNumber,
        customer_id: customerId,
        customer_package_id: null,
        appointment_id: appointment.appointment_id,
        payment_id: paymentId,
        subtotal: charge.base_after_wallet,
        platform_fee: charge.platform_fee,
        platform_fee_percentage: String(appointmentFeePercent),
        amount: charge.total,
        currency: appointment.currency,
        lines: [
          {
            description: `${LABELS[due.part]}${
              appointment.services.map((line) => line.service_name).join(', ') || 'Appointment'
            }`,
            quantity: 1,
            unit_price: charge.base_after_wallet,
            amount: charge.base_after_wallet,
          },
          {
            description: `Platform fee (${appointmentFeePercent}%)`,
            quantity: 1,
            unit_price: charge.platform_fee,
            amount: charge.platform_fee,
          },
        ],
        metadata: {
          wallet_applied: charge.wallet_applied,
          base_amount: due.base,
          ...(due.part === 'full' ? {} : { part: due.part }),
          ...(due.part === 'deposit' ? { deposit: true } : {}),
        },
        due_date: expiresAt.toISOString(),
        gateway_invoice_id: null,
        gateway_invoice_url: null,
        correlation_id: ctx.requestId,
      });
      return {
        paymentId,
        invoiceId,
        invoiceNumber,
        invoicePdfToken,
        referenceId,
        walletApplied: charge.wallet_applied,
        total: charge.total,
        expiresAt,
      };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'payments_one_live_per_appointment') throw alreadyPaid();
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error }, 'appointment invoice could not be written');
    throw new AppError(500, 'Invoice creation failed; the wallet was not charged');
  }
}

/** Step 3 after a provider failure: the payment and invoice go, the wallet debit is refunded. */
async function release(deps: CommerceDeps, tenantId: string, customerId: string, reserved: Reserved) {
  await deps.db.withTx(async (tx) => {
    await deleteAppointmentPayment(tx, tenantId, reserved.paymentId, reserved.invoiceId as string);
    if (money(reserved.walletApplied).gt(0)) {
      await moveWallet(tx, tenantId, customerId, {
        amount: reserved.walletApplied,
        kind: 'refund',
        reason: 'Payment gateway call failed',
        reference: reserved.referenceId,
        by: null,
      });
    }
  });
}

/** What both kinds of an appointment's payment hold; the amount, method, provider and status are theirs. */
const appointmentPayment = (
  appointment: AppointmentReplica,
  customerId: string,
  id: string,
  referenceId: string,
): Omit<NewPayment, 'amount' | 'method' | 'provider' | 'status'> => ({
  id,
  customer_id: customerId,
  customer_package_id: null,
  appointment_id: appointment.appointment_id,
  invoice_id: null,
  currency: appointment.currency,
  reference_id: referenceId,
  receipt_number: null,
  notes: null,
  recorded_by: null,
  paid_at: null,
});

async function publishCompleted(
  deps: CommerceDeps,
  ctx: RequestContext,
  tx: Executor,
  appointment: AppointmentReplica,
  customerId: string,
  paymentId: string,
  amount: string,
  now: Date,
) {
  await deps.store.enqueue(tx, [
    newEvent(
      'commerce.payment.completed.v1',
      {
        payment_id: paymentId,
        tenant_id: appointment.tenant_id,
        customer_id: customerId,
        appointment_id: appointment.appointment_id,
        customer_package_id: null,
        amount,
        currency: appointment.currency,
        method: 'WALLET',
        completed_at: now.toISOString(),
      },
      originOf(ctx, PRODUCER, appointment.tenant_id),
    ),
  ]);
}
