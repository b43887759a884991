import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  CALLBACK_TOKEN_HEADER,
  FOR_USER_ID_HEADER,
  PAYMENT_METHODS,
  type Account,
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceCallback,
} from './protocol';

export type FaultMode = 'none' | 'down' | 'slow' | 'error';

export interface SandboxOptions {
  /** Basic-auth user name every API call must present. */
  secretKey: string;
  /** Sent in `x-callback-token` with every callback. */
  callbackToken: string;
  /** Callback address for accounts that set none with POST /callback_urls/invoice. */
  defaultCallbackUrl?: string;
  port?: number;
  host?: string;
  /** Back-off before each retry of a refused callback (default 1 s, 2 s, 4 s, 8 s, 16 s). */
  retryDelaysMs?: number[];
  /** How long a "slow" fault holds each API answer (default 15 s). */
  slowMs?: number;
  merchantName?: string;
}

export interface CallbackDelivery {
  invoice_id: string;
  url: string;
  status: InvoiceCallback['status'];
  attempts: number;
  /** HTTP status of each attempt; 0 for a connection failure. */
  responses: number[];
  delivered: boolean;
}

export interface SandboxProvider {
  url: string;
  invoices: Map<string, Invoice>;
  deliveries: CallbackDelivery[];
  setFault(mode: FaultMode): void;
  /** Pays an invoice as a customer would and starts the callback; resolves when the callback is settled. */
  pay(invoiceId: string, paymentMethod?: string): Promise<Invoice>;
  /** Resolves once every callback started so far has been delivered or given up. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const PLATFORM_USER = 'platform';
const newProviderId = () => randomBytes(12).toString('hex');

const apiError = (res: Response, status: number, errorCode: string, message: string) =>
  res.status(status).json({ error_code: errorCode, message });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A payment provider of the same protocol as the adapter's (Xendit-like hosted invoices), for the embedded
 * mode and the tests: it stores invoices, serves the hosted page, takes payments and sends the signed
 * callback with retries and back-off. It can be told to fail (`POST /sandbox/faults {mode}`).
 */
export async function startSandboxProvider(options: SandboxOptions): Promise<SandboxProvider> {
  const invoices = new Map<string, Invoice>();
  const accounts = new Map<string, Account>();
  const callbackUrls = new Map<string, string>();
  const deliveries: CallbackDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const retryDelays = options.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000];
  let fault: FaultMode = 'none';
  let baseUrl = '';
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const deliver = async (invoice: Invoice): Promise<void> => {
    const url = callbackUrls.get(invoice.user_id) ?? options.defaultCallbackUrl;
    if (!url) return;
    const status = invoice.status as InvoiceCallback['status'];
    const body: InvoiceCallback = {
      id: invoice.id,
      external_id: invoice.external_id,
      user_id: invoice.user_id,
      status,
      amount: invoice.amount,
      paid_amount: invoice.paid_amount,
      payment_method: invoice.payment_method,
      payment_channel: invoice.payment_channel,
      paid_at: invoice.paid_at,
      currency: invoice.currency,
      merchant_name: invoice.merchant_name,
      description: invoice.description,
      metadata: invoice.metadata,
      created: invoice.created,
      updated: invoice.updated,
    };
    const record: CallbackDelivery = {
      invoice_id: invoice.id,
      url,
      status,
      attempts: 0,
      responses: [],
      delivered: false,
    };
    deliveries.push(record);
    for (let attempt = 0; attempt <= retryDelays.length; attempt += 1) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1] ?? 0);
      record.attempts += 1;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CALLBACK_TOKEN_HEADER]: options.callbackToken },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        await response.text();
        record.responses.push(response.status);
        if (response.status >= 200 && response.status < 300) {
          record.delivered = true;
          return;
        }
      } catch {
        record.responses.push(0);
      }
    }
  };

  const startDelivery = (invoice: Invoice): Promise<void> => {
    const delivery = deliver({ ...invoice }).finally(() => pending.delete(delivery));
    pending.add(delivery);
    return delivery;
  };

  const markPaid = (invoice: Invoice, paymentMethod: string): void => {
    const now = new Date().toISOString();
    invoice.status = 'PAID';
    invoice.paid_amount = invoice.amount;
    invoice.payment_method = paymentMethod;
    invoice.payment_channel = paymentMethod === 'QRIS' ? 'QRIS' : paymentMethod === 'EWALLET' ? 'OVO' : 'BCA';
    invoice.paid_at = now;
    invoice.updated = now;
  };

  /** Moves a payable invoice to PAID; the reason it cannot be paid otherwise. */
  const payable = (invoice: Invoice): string | undefined => {
    if (invoice.status !== 'PENDING') return `Invoice is ${invoice.status}`;
    if (Date.parse(invoice.expiry_date) <= Date.now()) {
      invoice.status = 'EXPIRED';
      return 'Invoice is EXPIRED';
    }
    return undefined;
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  app.post('/sandbox/faults', (req, res) => {
    const mode = (req.body ?? {}).mode as FaultMode;
    if (!['none', 'down', 'slow', 'error'].includes(mode))
      return apiError(res, 400, 'API_VALIDATION_ERROR', 'mode must be down, slow, error or none');
    fault = mode;
    res.json({ mode });
  });

  // The API (not the hosted page nor the fault switch) obeys the fault and the secret key.
  const api = express.Router();
  api.use(async (req: Request, res: Response, next: NextFunction) => {
    if (fault === 'down') {
      req.socket.destroy();
      return;
    }
    if (fault === 'error') return apiError(res, 500, 'SERVER_ERROR', 'Simulated provider failure');
    if (fault === 'slow') await sleep(options.slowMs ?? 15_000);
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const user = match
      ? (Buffer.from(match[1] ?? '', 'base64')
          .toString('utf8')
          .split(':')[0] ?? '')
      : '';
    const expected = Buffer.from(options.secretKey);
    const given = Buffer.from(user);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return apiError(res, 401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
    const forUser = req.headers[FOR_USER_ID_HEADER];
    if (typeof forUser === 'string' && forUser !== '' && !accounts.has(forUser))
      return apiError(
        res,
        403,
        'INVALID_FOR_USER_ID',
        'The for-user-id is not a sub-account of this account',
      );
    res.locals.userId = typeof forUser === 'string' && forUser !== '' ? forUser : PLATFORM_USER;
    next();
  });

  api.post('/v2/accounts', (req, res) => {
    const body = (req.body ?? {}) as {
      email?: string;
      type?: string;
      public_profile?: { business_name?: string };
    };
    if (!body.email || !body.public_profile?.business_name)
      return apiError(
        res,
        400,
        'API_VALIDATION_ERROR',
        'email and public_profile.business_name are required',
      );
    const account: Account = {
      id: newProviderId(),
      email: body.email,
      type: body.type ?? 'OWNED',
      status: 'LIVE',
      public_profile: { business_name: body.public_profile.business_name },
      created: new Date().toISOString(),
    };
    accounts.set(account.id, account);
    res.json(account);
  });

  api.post('/callback_urls/invoice', (req, res) => {
    const url = (req.body ?? {}).url as string | undefined;
    if (!url || !/^https?:\/\//.test(url))
      return apiError(res, 400, 'API_VALIDATION_ERROR', 'url must be a URL');
    callbackUrls.set(res.locals.userId as string, url);
    res.json({
      status: 'SUCCESSFUL',
      user_id: res.locals.userId,
      url,
      callback_token: options.callbackToken,
    });
  });

  api.post('/v2/invoices', (req, res) => {
    const body = (req.body ?? {}) as CreateInvoiceRequest;
    if (typeof body.external_id !== 'string' || body.external_id === '')
      return apiError(res, 400, 'API_VALIDATION_ERROR', 'external_id is required');
    if (typeof body.amount !== 'number' || !(body.amount > 0))
      return apiError(res, 400, 'API_VALIDATION_ERROR', 'amount must be a positive number');
    const now = new Date();
    const id = newProviderId();
    const invoice: Invoice = {
      id,
      external_id: body.external_id,
      user_id: res.locals.userId as string,
      status: 'PENDING',
      merchant_name: options.merchantName ?? 'Salon Platform Sandbox',
      amount: body.amount,
      currency: body.currency ?? 'IDR',
      payer_email: body.payer_email,
      description: body.description,
      invoice_url: `${baseUrl}/web/invoices/${id}`,
      expiry_date: new Date(now.getTime() + (body.invoice_duration ?? 86_400) * 1000).toISOString(),
      items: body.items ?? [],
      fees: body.fees ?? [],
      metadata: body.metadata ?? null,
      available_payment_methods: body.payment_methods ?? [...PAYMENT_METHODS],
      success_redirect_url: body.success_redirect_url,
      failure_redirect_url: body.failure_redirect_url,
      created: now.toISOString(),
      updated: now.toISOString(),
    };
    invoices.set(id, invoice);
    res.json(invoice);
  });

  const ownInvoice = (req: Request, res: Response): Invoice | undefined => {
    const invoice = invoices.get(String(req.params.id));
    if (!invoice || invoice.user_id !== res.locals.userId) {
      apiError(res, 404, 'INVOICE_NOT_FOUND_ERROR', 'Invoice not found');
      return undefined;
    }
    return invoice;
  };

  api.get('/v2/invoices/:id', (req, res) => {
    const invoice = ownInvoice(req, res);
    if (invoice) res.json(invoice);
  });

  api.post('/invoices/:id/expire\\!', (req, res) => {
    const invoice = ownInvoice(req, res);
    if (!invoice) return;
    if (invoice.status !== 'PENDING')
      return apiError(res, 400, 'INVOICE_NOT_FOUND_ERROR', `Invoice is ${invoice.status}`);
    invoice.status = 'EXPIRED';
    invoice.expiry_date = invoice.updated = new Date().toISOString();
    void startDelivery(invoice);
    res.json(invoice);
  });

  api.post('/v2/invoices/:id/simulate-payment', (req, res) => {
    const invoice = ownInvoice(req, res);
    if (!invoice) return;
    const refusal = payable(invoice);
    if (refusal) return apiError(res, 400, 'INVOICE_NOT_PAYABLE', refusal);
    markPaid(invoice, String((req.body ?? {}).payment_method ?? 'QRIS'));
    void startDelivery(invoice);
    res.json(invoice);
  });

  // The hosted invoice page a customer is sent to.
  app.get('/web/invoices/:id', (req, res) => {
    const invoice = invoices.get(String(req.params.id));
    if (!invoice)
      return res
        .status(404)
        .type('html')
        .send('<!doctype html><title>Not found</title><p>Invoice not found</p>');
    const items = invoice.items
      .map(
        (item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${item.price} ${invoice.currency}</li>`,
      )
      .join('');
    const fees = invoice.fees
      .map((fee) => `<li>${escapeHtml(fee.type)}: ${fee.value} ${invoice.currency}</li>`)
      .join('');
    const methods = invoice.available_payment_methods
      .map(
        (method, index) =>
          `<label><input type="radio" name="payment_method" value="${escapeHtml(method)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(method)}</label>`,
      )
      .join('<br>');
    const form =
      invoice.status === 'PENDING'
        ? `<form method="post" action="/web/invoices/${invoice.id}/pay">${methods}<p><button type="submit">Pay</button></p></form>`
        : `<p class="status">${invoice.status}</p>`;
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.external_id)}</title></head>
<body><h1>${escapeHtml(invoice.merchant_name)}</h1>
<p>${escapeHtml(invoice.description ?? '')}</p>
<p>Amount: <strong data-amount="${invoice.amount}">${invoice.amount} ${invoice.currency}</strong></p>
<ul class="items">${items}${fees}</ul>
${form}
</body></html>`);
  });

  app.post('/web/invoices/:id/pay', async (req, res) => {
    const invoice = invoices.get(String(req.params.id));
    if (!invoice) return res.status(404).type('html').send('<p>Invoice not found</p>');
    const refusal = payable(invoice);
    if (refusal)
      return res
        .status(400)
        .type('html')
        .send(`<p>${escapeHtml(refusal)}</p>`);
    markPaid(invoice, String((req.body ?? {}).payment_method ?? 'QRIS'));
    void startDelivery(invoice);
    if (invoice.success_redirect_url) return res.redirect(303, invoice.success_redirect_url);
    res.type('html').send(`<!doctype html><title>Paid</title><p class="status">PAID</p>`);
  });

  app.use(api);

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: baseUrl,
    invoices,
    deliveries,
    setFault: (mode) => {
      fault = mode;
    },
    async pay(invoiceId, paymentMethod = 'QRIS') {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const refusal = payable(invoice);
      if (refusal) throw new Error(refusal);
      markPaid(invoice, paymentMethod);
      await startDelivery(invoice);
      return invoice;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
