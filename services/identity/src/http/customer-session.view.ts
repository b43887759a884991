import type { OutletRecord } from '../db/outlet.repository';
import type { CustomerSession } from '../domain/customer-login';

const sessionOutletView = (outlet: OutletRecord) => ({
  id: outlet.id,
  name: outlet.name,
  slug: outlet.slug,
  address: outlet.address,
  phone: outlet.phone,
  business_hours: outlet.business_hours,
});

/** The answer to a customer's login: tokens, the customer, the business and its outlets. */
export const customerSessionView = ({
  tokens,
  customer,
  tenant,
  outlets,
  preferredOutlet,
  gatewayEnabled,
}: CustomerSession) => ({
  ...tokens,
  customer: {
    id: customer.id,
    email: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone: customer.phone,
    email_verified: customer.email_verified,
    phone_verified: customer.phone_verified,
  },
  tenant: {
    id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    description: tenant.description,
    logo_url: tenant.logo_url,
    theme_color: tenant.theme_color,
  },
  outlets: outlets.map(sessionOutletView),
  preferred_outlet: preferredOutlet ? sessionOutletView(preferredOutlet) : null,
  gateway_id_enabled: gatewayEnabled,
});
