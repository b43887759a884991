/**
 * The hosted-invoice protocol, Xendit's Invoice API (v2) as its published schema and the xendit-node SDK
 * describe it: the shapes the adapter sends and the sandbox serves. Amounts are numbers on the wire, as Xendit
 * sends them; callers keep decimal strings.
 */

export type InvoiceStatus = 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';

/** How an invoice was paid (`payment_method` of a paid invoice and its callback). */
export type InvoicePaymentMethod =
  'BANK_TRANSFER' | 'RETAIL_OUTLET' | 'EWALLET' | 'QR_CODE' | 'DIRECT_DEBIT' | 'PAYLATER' | 'CREDIT_CARD';

export interface InvoiceItem {
  name: string;
  quantity: number;
  price: number;
  category?: string;
  url?: string;
  reference_id?: string;
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
  should_send_email?: boolean;
  locale?: string;
  items?: InvoiceItem[];
  fees?: InvoiceFee[];
  metadata?: Record<string, unknown>;
  success_redirect_url?: string;
  failure_redirect_url?: string;
  /** Channel codes to offer (see INVOICE_CHANNELS); all the account's channels when absent. */
  payment_methods?: string[];
}

/** A virtual-account bank the invoice can be paid to. */
export interface InvoiceBank {
  bank_code: string;
  collection_type: string;
  bank_branch?: string;
  bank_account_number?: string;
  account_holder_name: string;
  transfer_amount?: number;
}

export interface InvoiceRetailOutlet {
  retail_outlet_name: string;
  payment_code?: string;
  transfer_amount?: number;
  merchant_name?: string;
}

export interface Invoice {
  id: string;
  external_id: string;
  user_id: string;
  status: InvoiceStatus;
  merchant_name: string;
  merchant_profile_picture_url: string;
  amount: number;
  currency: string;
  payer_email?: string;
  description?: string;
  locale?: string;
  invoice_url: string;
  expiry_date: string;
  available_banks: InvoiceBank[];
  available_retail_outlets: InvoiceRetailOutlet[];
  available_ewallets: { ewallet_type: string }[];
  available_qr_codes: { qr_code_type: string }[];
  available_direct_debits: { direct_debit_type: string }[];
  available_paylaters: { paylater_type: string }[];
  should_exclude_credit_card: boolean;
  should_send_email: boolean;
  items?: InvoiceItem[];
  fees?: InvoiceFee[];
  metadata?: Record<string, unknown> | null;
  success_redirect_url?: string;
  failure_redirect_url?: string;
  payment_method?: InvoicePaymentMethod;
  payment_channel?: string;
  payment_destination?: string;
  payment_id?: string;
  paid_amount?: number;
  paid_at?: string;
  created: string;
  updated: string;
}

/** The invoice callback body (header `x-callback-token` carries the account's verification token). */
export interface InvoiceCallback {
  id: string;
  external_id: string;
  user_id: string;
  is_high: boolean;
  status: 'PAID' | 'SETTLED' | 'EXPIRED';
  merchant_name: string;
  amount: number;
  currency: string;
  payer_email?: string;
  description?: string;
  paid_amount?: number;
  paid_at?: string;
  payment_method?: InvoicePaymentMethod;
  payment_channel?: string;
  payment_destination?: string;
  payment_id?: string;
  bank_code?: string;
  ewallet_type?: string;
  success_redirect_url?: string;
  failure_redirect_url?: string;
  items?: InvoiceItem[];
  fees?: InvoiceFee[];
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

export const CALLBACK_TOKEN_HEADER = 'x-callback-token';
export const FOR_USER_ID_HEADER = 'for-user-id';
