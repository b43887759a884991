import { timingSafeEqual } from 'node:crypto';
import { notFound, type RequestContext } from '@salon/service-kit';
import { findInvoiceById, type InvoiceRow } from '../db/invoice.repository';
import { findCustomer, findTenant } from '../db/replica.repository';
import type { CommerceDeps } from './deps';
import { renderInvoiceDocument, type InvoiceParty } from './invoice-document';
import { customerName } from './package-links';

/** Who bills a SUBSCRIPTION invoice: the platform itself, on its own account. */
const PLATFORM_PARTY: InvoiceParty = { name: 'Salon Platform', contact: null };

/**
 * The address of an invoice's PDF: public, behind the invoice's own secret, so the customer can open it from a
 * message or a browser without a token (as a provider's hosted invoice page is).
 */
export const invoicePdfUrl = (publicBaseUrl: string, invoice: Pick<InvoiceRow, 'id' | 'pdf_token'>): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}/api/v1/public/invoices/${invoice.id}/pdf?token=${invoice.pdf_token}`;

const sameSecret = (given: string, kept: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface InvoicePdf {
  fileName: string;
  pdf: Buffer;
}

/**
 * GET /public/invoices/{invoice_id}/pdf: the invoice rendered as it stands now (its status and payment date
 * included). An unknown invoice and a wrong token are the same 404, so a token cannot be probed for.
 */
export async function invoicePdf(
  deps: CommerceDeps,
  _ctx: RequestContext,
  { invoiceId, token }: { invoiceId: string; token: string },
): Promise<InvoicePdf> {
  const invoice = await findInvoiceById(deps.db.orm, invoiceId);
  if (!invoice || !sameSecret(token, invoice.pdf_token)) throw notFound('Invoice not found');
  const tenant = await findTenant(deps.db.orm, invoice.tenant_id);
  const business: InvoiceParty = { name: tenant?.name ?? 'Business', contact: tenant?.email ?? null };
  let billedTo: InvoiceParty;
  if (invoice.type === 'SUBSCRIPTION') {
    billedTo = business;
  } else {
    const customer = invoice.customer_id
      ? await findCustomer(deps.db.orm, invoice.tenant_id, invoice.customer_id)
      : undefined;
    billedTo = customer
      ? {
          name: customerName(customer),
          contact: customer.email ?? customer.phone,
        }
      : { name: 'Customer', contact: null };
  }
  const pdf = await renderInvoiceDocument({
    invoice,
    from: invoice.type === 'SUBSCRIPTION' ? PLATFORM_PARTY : business,
    billedTo,
  });
  return { fileName: `${invoice.invoice_number}.pdf`, pdf };
}
