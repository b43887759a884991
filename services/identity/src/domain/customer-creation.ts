import { newEvent, originOf } from '@salon/messaging';
import { conflict, newId, rethrowUnique, type Executor, type RequestContext } from '@salon/service-kit';
import {
  findCustomerDuplicates,
  insertCustomer,
  lockTenantCustomers,
  type CustomerRecord,
  type NewCustomer,
} from '../db/customer.repository';
import { upsertVerificationCode, type VerificationChannel } from '../db/customer-session.repository';
import {
  EMAIL_CODE_TTL_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  hashVerificationCode,
  newVerificationCode,
} from './customer-rules';
import { PRODUCER, type IdentityDeps } from './deps';
import { customerContactData } from './events';

export const CUSTOMER_UNIQUE_FIELDS = { customers_email_key: 'Email', customers_phone_key: 'Phone' };

/** 409 when another customer of the tenant uses the e-mail or phone (call under `lockTenantCustomers`). */
export async function assertContactFree(
  tx: Executor,
  tenantId: string,
  contact: { email?: string | null; phone?: string | null },
  exceptCustomerId: string | null = null,
): Promise<void> {
  const taken = await findCustomerDuplicates(tx, tenantId, contact, exceptCustomerId);
  if (taken.email) throw conflict('Email already registered');
  if (taken.phone) throw conflict('Phone already registered');
}

export interface IssuedCode {
  code: string;
  expires_at: string;
}

/** A new 6-digit code for the channel, stored hashed; the plain code is returned for the event only. */
export async function issueVerificationCode(
  tx: Executor,
  customerId: string,
  channel: VerificationChannel,
): Promise<IssuedCode> {
  const code = newVerificationCode();
  const { expires_at } = await upsertVerificationCode(tx, {
    customer_id: customerId,
    channel,
    code_hash: hashVerificationCode(customerId, channel, code),
    ttlSeconds: channel === 'email' ? EMAIL_CODE_TTL_SECONDS : PHONE_CODE_TTL_SECONDS,
  });
  return { code, expires_at };
}

/**
 * A new code for one of the customer's contacts, replacing the one before it, and
 * identity.customer.verification_requested.v1 that notifications delivers after commit.
 */
export async function requestVerification(
  deps: IdentityDeps,
  tx: Executor,
  ctx: RequestContext,
  customer: CustomerRecord,
  channel: VerificationChannel,
  reason: 'resend' | 'phone_changed',
): Promise<void> {
  const { code, expires_at } = await issueVerificationCode(tx, customer.id, channel);
  await deps.store.enqueue(tx, [
    newEvent(
      'identity.customer.verification_requested.v1',
      {
        ...customerContactData(customer),
        channel,
        preferences: customer.preferences,
        reason,
        code,
        expires_at,
      },
      originOf(ctx, PRODUCER, customer.tenant_id),
    ),
  ]);
}

/**
 * Self-registration and staff creation: under the tenant's customer lock, the duplicate check, the record,
 * (for self-registration) one verification code per contact given, and identity.customer.registered.v1.
 */
export async function addCustomer(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: Omit<NewCustomer, 'id'>,
  source: 'self_registration' | 'staff',
): Promise<{ customer: CustomerRecord; codes: { email: IssuedCode | null; phone: IssuedCode | null } }> {
  try {
    return await deps.db.withTx(async (tx) => {
      await lockTenantCustomers(tx, input.tenant_id);
      await assertContactFree(tx, input.tenant_id, input);
      const customer = await insertCustomer(tx, { ...input, id: newId() });
      const selfRegistered = source === 'self_registration';
      const codes = {
        email:
          selfRegistered && customer.email ? await issueVerificationCode(tx, customer.id, 'email') : null,
        phone:
          selfRegistered && customer.phone ? await issueVerificationCode(tx, customer.id, 'phone') : null,
      };
      await deps.store.enqueue(tx, [
        newEvent(
          'identity.customer.registered.v1',
          {
            ...customerContactData(customer),
            source,
            has_password: customer.password_hash !== null,
            tags: customer.tags,
            preferences: customer.preferences,
            verification: codes,
            created_at: customer.created_at,
            version: customer.version,
          },
          originOf(ctx, PRODUCER, customer.tenant_id),
        ),
      ]);
      return { customer, codes };
    });
  } catch (error) {
    rethrowUnique(error, CUSTOMER_UNIQUE_FIELDS);
  }
}
