import CircuitBreaker from 'opossum';
import { circuitBreakerState, type Logger } from '@salon/service-kit';
import {
  FOR_USER_ID_HEADER,
  type Account,
  type CreateAccountRequest,
  type CreateInvoiceRequest,
  type Invoice,
} from './protocol';

export interface PaymentProviderOptions {
  /** e.g. https://api.xendit.co, or the sandbox's URL. */
  baseUrl: string;
  /** Sent as the basic-auth user name with an empty password, as Xendit expects. */
  secretKey: string;
  timeoutMs?: number;
  logger?: Logger;
  /** Breaker label in `circuit_breaker_state`. */
  name?: string;
  breaker?: { volumeThreshold?: number; errorThresholdPercentage?: number; resetTimeoutMs?: number };
}

/** The provider refused the request (4xx): the caller's input or state, never a reason to open the breaker. */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The provider could not be reached, timed out, answered 5xx, or the breaker is open. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** Calls made on behalf of a tenant's sub-account carry its id in the `for-user-id` header. */
export interface OnBehalf {
  forUserId?: string | null;
}

export interface PaymentProvider {
  createInvoice(request: CreateInvoiceRequest, options?: OnBehalf): Promise<Invoice>;
  getInvoice(invoiceId: string, options?: OnBehalf): Promise<Invoice>;
  expireInvoice(invoiceId: string, options?: OnBehalf): Promise<Invoice>;
  createAccount(request: CreateAccountRequest): Promise<Account>;
  /** Where the provider sends invoice callbacks for the (sub-)account. */
  setInvoiceCallbackUrl(url: string, options?: OnBehalf): Promise<void>;
  close(): void;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  forUserId?: string | null;
}

const BREAKER_STATE = { closed: 0, halfOpen: 1, open: 2 } as const;

/** The adapter: Xendit's invoice and account endpoints, each call under one opossum breaker with a timeout. */
export function createPaymentProvider(options: PaymentProviderOptions): PaymentProvider {
  const root = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const name = options.name ?? 'payment-provider';
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  const send = async (call: Call): Promise<unknown> => {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.forUserId) headers[FOR_USER_ID_HEADER] = call.forUserId;
    const response = await fetch(root + call.path, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    if (response.status >= 500)
      throw new PaymentProviderUnavailableError(`provider answered ${response.status}`);
    if (response.status >= 400) {
      const error = (body ?? {}) as { error_code?: string; message?: string };
      throw new PaymentProviderError(
        response.status,
        error.error_code ?? 'API_VALIDATION_ERROR',
        error.message ?? `provider answered ${response.status}`,
      );
    }
    return body;
  };

  const breaker = new CircuitBreaker(send, {
    name,
    timeout: false, // the fetch's AbortSignal enforces timeoutMs and really cancels the request
    volumeThreshold: options.breaker?.volumeThreshold ?? 10,
    errorThresholdPercentage: options.breaker?.errorThresholdPercentage ?? 50,
    resetTimeout: options.breaker?.resetTimeoutMs ?? 10_000,
    errorFilter: (error: unknown) => error instanceof PaymentProviderError,
  });
  const gauge = circuitBreakerState();
  gauge.set({ breaker: name }, BREAKER_STATE.closed);
  breaker.on('open', () => {
    gauge.set({ breaker: name }, BREAKER_STATE.open);
    options.logger?.warn({ breaker: name }, 'circuit breaker opened');
  });
  breaker.on('halfOpen', () => gauge.set({ breaker: name }, BREAKER_STATE.halfOpen));
  breaker.on('close', () => gauge.set({ breaker: name }, BREAKER_STATE.closed));

  const fire = async <T>(call: Call): Promise<T> => {
    try {
      return (await breaker.fire(call)) as T;
    } catch (error) {
      if (error instanceof PaymentProviderError || error instanceof PaymentProviderUnavailableError)
        throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      options.logger?.warn({ breaker: name, path: call.path, reason }, 'payment provider call failed');
      throw new PaymentProviderUnavailableError(`payment provider unavailable (${reason})`, { cause: error });
    }
  };

  const invoicePath = (id: string) => `/v2/invoices/${encodeURIComponent(id)}`;

  return {
    createInvoice: (request, { forUserId } = {}) =>
      fire<Invoice>({ method: 'POST', path: '/v2/invoices', body: request, forUserId }),
    getInvoice: (id, { forUserId } = {}) =>
      fire<Invoice>({ method: 'GET', path: invoicePath(id), forUserId }),
    expireInvoice: (id, { forUserId } = {}) =>
      fire<Invoice>({ method: 'POST', path: `/invoices/${encodeURIComponent(id)}/expire!`, forUserId }),
    createAccount: (request) => fire<Account>({ method: 'POST', path: '/v2/accounts', body: request }),
    async setInvoiceCallbackUrl(url, { forUserId } = {}) {
      await fire({ method: 'POST', path: '/callback_urls/invoice', body: { url }, forUserId });
    },
    close: () => breaker.shutdown(),
  };
}
