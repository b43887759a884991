import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../db/invoice.repository';

export interface InvoiceParty {
  name: string;
  /** An e-mail address or a phone number; null when none is known. */
  contact: string | null;
}

export interface InvoiceDocument {
  invoice: InvoiceRow;
  from: InvoiceParty;
  billedTo: InvoiceParty;
}

const STATUS_LABEL: Record<InvoiceRow['status'], string> = {
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  EXPIRED: 'Expired (not paid)',
  VOID: 'Void (replaced or cancelled)',
};

/** Amounts in the invoice's currency; English is the documents' language for now (see docs/decisions.md). */
const moneyIn = (currency: string) => {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return (amount: string) => format.format(Number(amount));
};

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const PAGE_MARGIN = 50;
const COLUMNS = { description: 50, quantity: 330, unitPrice: 380, amount: 470 } as const;
const RIGHT_EDGE = 545;

/**
 * Renders one invoice as an A4 PDF with pdfkit's built-in Helvetica (no font files to ship): who bills whom, the
 * lines, subtotal, platform fee and total, and where the payment stands. Text is real text, so it can be
 * searched, copied and read back.
 */
export function renderInvoiceDocument({ invoice, from, billedTo }: InvoiceDocument): Promise<Buffer> {
  const money = moneyIn(invoice.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `Invoice ${invoice.invoice_number}`, Author: from.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(from.name);
  if (from.contact) doc.font('Helvetica').fontSize(10).text(from.contact);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Invoice ${invoice.invoice_number}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Issued: ${dayOf(invoice.created_at)}`);
  doc.text(`Status: ${STATUS_LABEL[invoice.status]}`);
  if (invoice.paid_at) doc.text(`Paid on: ${dayOf(invoice.paid_at)}`);
  else if (invoice.status === 'PENDING') doc.text(`Due: ${dayOf(invoice.due_date)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica').text(billedTo.name);
  if (billedTo.contact) doc.text(billedTo.contact);
  doc.moveDown(1.5);

  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0], COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    const bottom = doc.y;
    doc.text(cells[1], COLUMNS.quantity, y, { width: 40, align: 'right' });
    doc.text(cells[2], COLUMNS.unitPrice, y, { width: 80, align: 'right' });
    doc.text(cells[3], COLUMNS.amount, y, { width: RIGHT_EDGE - COLUMNS.amount, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  for (const line of invoice.lines) {
    row([line.description, String(line.quantity), money(line.unit_price), money(line.amount)]);
  }
  doc.moveDown();
  const total = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, COLUMNS.unitPrice - 80, y, { width: 160, align: 'right' });
    doc.text(amount, COLUMNS.amount, y, { width: RIGHT_EDGE - COLUMNS.amount, align: 'right' });
    doc.moveDown(0.3);
  };
  total('Subtotal', money(invoice.subtotal));
  total(`Platform fee (${Number(invoice.platform_fee_percentage)}%)`, money(invoice.platform_fee));
  total('Total', money(invoice.amount), true);
  const walletApplied = Number(invoice.metadata.wallet_applied ?? 0);
  if (walletApplied > 0) total('Paid from wallet before this invoice', money(String(walletApplied)));
  doc.end();
  return finished;
}
