/**
 * The hosted-invoice protocol, modelled on Xendit's Invoice API (v2): the shapes the adapter sends and the
 * sandbox serves. Amounts are numbers on the wire, as Xendit sends them; callers keep decimal strings.
 */

export type InvoiceStatus = 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';

export interface InvoiceItem {
  name: string;
  quantity: number;
  price: number;
  category?: string;
}

export interface InvoiceFee {
  type: string;
  value: number;
}

export interface CreateInvoiceRequest {
  external_id: string;
  amount: number;
  currency?: string;
  payer_email?: string;
  description?: string;
  /** Seconds until the invoice expires. */
  invoice_duration?: number;
  items?: InvoiceItem[];
  fees?: InvoiceFee[];
  metadata?: Record<string, unknown>;
  success_redirect_url?: string;
  failure_redirect_url?: string;
  payment_methods?: string[];
}

export interface Invoice {
  id: string;
  external_id: string;
  user_id: string;
  status: InvoiceStatus;
  merchant_name: string;
  amount: number;
  paid_amount?: number;
  currency: string;
  payer_email?: string;
  description?: string;
  invoice_url: string;
  expiry_date: string;
  items: InvoiceItem[];
  fees: InvoiceFee[];
  metadata: Record<string, unknown> | null;
  available_payment_methods: string[];
  success_redirect_url?: string;
  failure_redirect_url?: string;
  payment_method?: string;
  payment_channel?: string;
  paid_at?: string;
  created: string;
  updated: string;
}

/** The invoice callback body (header `x-callback-token` carries the account's verification token). */
export interface InvoiceCallback {
  id: string;
  external_id: string;
  user_id: string;
  status: 'PAID' | 'SETTLED' | 'EXPIRED';
  amount: number;
  paid_amount?: number;
  payment_method?: string;
  payment_channel?: string;
  paid_at?: string;
  currency: string;
  merchant_name?: string;
  description?: string;
  metadata?: Record<string, unknown> | null;
  created: string;
  updated: string;
}

export interface CreateAccountRequest {
  email: string;
  type?: 'OWNED' | 'MANAGED';
  public_profile: { business_name: string };
}

export interface Account {
  id: string;
  email: string;
  type: string;
  status: string;
  public_profile: { business_name: string };
  created: string;
}

/** The payment methods a hosted invoice offers (QRIS, virtual accounts, e-wallets, cards). */
export const PAYMENT_METHODS = [
  'QRIS',
  'BANK_TRANSFER',
  'VIRTUAL_ACCOUNT',
  'EWALLET',
  'CREDIT_CARD',
] as const;

export const CALLBACK_TOKEN_HEADER = 'x-callback-token';
export const FOR_USER_ID_HEADER = 'for-user-id';
