import { timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  CALLBACK_TOKEN_HEADER,
  FOR_USER_ID_HEADER,
  type Account,
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceCallback,
} from './protocol';
import {
  callbackOf,
  choosePayment,
  isRefusal,
  markPaid,
  newInvoice,
  newProviderId,
  offeredChannels,
} from './sandbox-invoice';

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
  /**
   * Pays an invoice as a customer would and starts the callback; resolves when the callback is settled. The
   * choice is a channel code the invoice offers or a payment method; the first offered channel by default.
   */
  pay(invoiceId: string, choice?: string): Promise<Invoice>;
  /** Resolves once every callback started so far has been delivered or given up. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const PLATFORM_USER = 'platform';

const apiError = (res: Response, status: number, errorCode: string, message: string) =>
  res.status(status).json({ error_code: errorCode, message });

/** The hosted page's and simulate-payment's `payment_method`: a channel code or a payment method. */
const choiceOf = (req: Request): string | undefined => {
  const choice = (req.body ?? {}).payment_method;
  return typeof choice === 'string' && choice !== '' ? choice : undefined;
};

const MERCHANT_PICTURE_PATH = '/web/merchant-picture.svg';

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
    const body = callbackOf(invoice);
    const { status } = body;
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

  /**
   * Pays an invoice with the customer's choice (a channel code it offers, or a payment method) and starts the
   * callback; the reason it cannot be paid otherwise.
   */
  const payWith = (
    invoice: Invoice,
    choice: string | undefined,
  ): { refusal: string } | { delivery: Promise<void> } => {
    if (invoice.status !== 'PENDING') return { refusal: `Invoice is ${invoice.status}` };
    if (Date.parse(invoice.expiry_date) <= Date.now()) {
      invoice.status = 'EXPIRED';
      return { refusal: 'Invoice is EXPIRED' };
    }
    const paid = choosePayment(invoice, choice);
    if (!paid) return { refusal: `This invoice does not offer ${choice}` };
    markPaid(invoice, paid);
    return { delivery: startDelivery(invoice) };
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
    const id = newProviderId();
    const invoice = newInvoice((req.body ?? {}) as CreateInvoiceRequest, {
      id,
      userId: res.locals.userId as string,
      invoiceUrl: `${baseUrl}/web/invoices/${id}`,
      merchantName: options.merchantName ?? 'Salon Platform Sandbox',
      merchantProfilePictureUrl: `${baseUrl}${MERCHANT_PICTURE_PATH}`,
      now: new Date(),
    });
    if (isRefusal(invoice)) return apiError(res, 400, invoice.errorCode, invoice.message);
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

  // Newest first, as Xendit lists them; the filters the sandbox's callers use.
  api.get('/v2/invoices', (req, res) => {
    const { external_id: externalId, limit } = req.query;
    const statuses = ([] as unknown[]).concat(req.query.statuses ?? []).map(String);
    const size = Math.min(Math.max(Number(limit ?? 10) || 10, 1), 100);
    const listed = [...invoices.values()]
      .filter(
        (invoice) =>
          invoice.user_id === res.locals.userId &&
          (externalId === undefined || invoice.external_id === String(externalId)) &&
          (statuses.length === 0 || statuses.includes(invoice.status)),
      )
      .sort((a, b) => b.created.localeCompare(a.created))
      .slice(0, size);
    res.json(listed);
  });

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
    const paid = payWith(invoice, choiceOf(req));
    if ('refusal' in paid) return apiError(res, 400, 'INVOICE_NOT_PAYABLE', paid.refusal);
    res.json(invoice);
  });

  // What `merchant_profile_picture_url` points at: the merchant's initial.
  app.get(MERCHANT_PICTURE_PATH, (_req, res) => {
    const initial = escapeHtml((options.merchantName ?? 'Salon Platform Sandbox').charAt(0));
    res
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#334"/><text x="32" y="42" font-size="32" text-anchor="middle" fill="#fff">${initial}</text></svg>`,
      );
  });

  // The hosted invoice page a customer is sent to.
  app.get('/web/invoices/:id', (req, res) => {
    const invoice = invoices.get(String(req.params.id));
    if (!invoice)
      return res
        .status(404)
        .type('html')
        .send('<!doctype html><title>Not found</title><p>Invoice not found</p>');
    const items = (invoice.items ?? [])
      .map(
        (item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${item.price} ${invoice.currency}</li>`,
      )
      .join('');
    const fees = (invoice.fees ?? [])
      .map((fee) => `<li>${escapeHtml(fee.type)}: ${fee.value} ${invoice.currency}</li>`)
      .join('');
    const methods = offeredChannels(invoice)
      .map(
        ({ method, channel }, index) =>
          `<label><input type="radio" name="payment_method" value="${escapeHtml(channel)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(channel)} (${method})</label>`,
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
    const paid = payWith(invoice, choiceOf(req));
    if ('refusal' in paid)
      return res
        .status(400)
        .type('html')
        .send(`<p>${escapeHtml(paid.refusal)}</p>`);
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
    async pay(invoiceId, choice) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const paid = payWith(invoice, choice);
      if ('refusal' in paid) throw new Error(paid.refusal);
      await paid.delivery;
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
