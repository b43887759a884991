import type { CustomerRecord } from '../db/customer.repository';

/** The answer to a customer's self-registration. */
export const customerRegistrationView = (customer: CustomerRecord) => ({
  customer_id: customer.id,
  email: customer.email,
  phone: customer.phone,
  first_name: customer.first_name,
  last_name: customer.last_name,
  tenant_id: customer.tenant_id,
  email_verification_required: customer.email !== null,
  phone_verification_required: customer.phone !== null,
  message: 'Registration successful. A verification code has been sent to each contact you gave.',
});
