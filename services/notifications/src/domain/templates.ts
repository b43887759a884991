import type { NotificationKind } from './notification-rules';

export type Language = 'en' | 'id';

/** Languages with templates; anything else (ms, unknown) falls back to English. */
export const templateLanguage = (language: string | null | undefined): Language =>
  language === 'id' ? 'id' : 'en';

export interface TemplateContext {
  tenantName: string;
  timezone: string;
  currency: string;
  recipientName: string;
  outletName?: string;
  outletAddress?: string | null;
  startsAt?: string;
  serviceNames?: string[];
  amount?: string;
  paymentUrl?: string;
  invoiceNumber?: string;
  dueDate?: string;
  packageName?: string | null;
  code?: string;
  customerName?: string;
}

const LOCALE: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/** The instant's local date and time in the tenant's timezone, e.g. "Tuesday, 3 March 2026, 10:30". */
export function localDateTime(iso: string, timezone: string, language: Language): string {
  const date = new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
  return `${date}, ${time}`;
}

/** A decimal string in the tenant's currency, formatted for display only (never summed). */
export function money(amount: string, currency: string, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency }).format(Number(amount));
}

type Render = (c: TemplateContext, l: Language) => { subject: string; text: string };

const when = (c: TemplateContext, l: Language) =>
  c.startsAt ? localDateTime(c.startsAt, c.timezone, l) : '';
const place = (c: TemplateContext) => [c.outletName, c.outletAddress].filter(Boolean).join(', ');
const services = (c: TemplateContext) => (c.serviceNames ?? []).join(', ');

const TEMPLATES: Record<NotificationKind, Record<Language, Render>> = {
  booking_confirmation: {
    en: (c, l) => ({
      subject: `${c.tenantName}: your booking is confirmed`,
      text: `Hello ${c.recipientName},\n\nYour booking at ${place(c)} on ${when(c, l)} (${services(c)}) is confirmed.${
        c.amount ? `\nAmount paid: ${money(c.amount, c.currency, l)}.` : ''
      }\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: pemesanan Anda dikonfirmasi`,
      text: `Halo ${c.recipientName},\n\nPemesanan Anda di ${place(c)} pada ${when(c, l)} (${services(c)}) telah dikonfirmasi.${
        c.amount ? `\nJumlah dibayar: ${money(c.amount, c.currency, l)}.` : ''
      }\n\n${c.tenantName}`,
    }),
  },
  staff_booking_notice: {
    en: (c, l) => ({
      subject: `${c.tenantName}: new confirmed booking`,
      text: `Hello ${c.recipientName},\n\n${c.customerName ?? 'A customer'} has a confirmed booking with you at ${place(c)} on ${when(c, l)} (${services(c)}).`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: pemesanan baru dikonfirmasi`,
      text: `Halo ${c.recipientName},\n\n${c.customerName ?? 'Seorang pelanggan'} memiliki pemesanan terkonfirmasi dengan Anda di ${place(c)} pada ${when(c, l)} (${services(c)}).`,
    }),
  },
  appointment_reminder: {
    en: (c, l) => ({
      subject: `${c.tenantName}: reminder of your appointment`,
      text: `Hello ${c.recipientName},\n\nThis is a reminder of your appointment at ${place(c)} on ${when(c, l)} (${services(c)}).\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: pengingat janji temu Anda`,
      text: `Halo ${c.recipientName},\n\nIni pengingat janji temu Anda di ${place(c)} pada ${when(c, l)} (${services(c)}).\n\n${c.tenantName}`,
    }),
  },
  payment_link: {
    en: (c, l) => ({
      subject: `${c.tenantName}: payment link ${c.invoiceNumber ?? ''}`.trim(),
      text: `Hello ${c.recipientName},\n\nPlease pay ${money(c.amount ?? '0', c.currency, l)}${
        c.packageName ? ` for ${c.packageName}` : ''
      } by ${c.dueDate ? localDateTime(c.dueDate, c.timezone, l) : 'the due date'}: ${c.paymentUrl ?? ''}\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: tautan pembayaran ${c.invoiceNumber ?? ''}`.trim(),
      text: `Halo ${c.recipientName},\n\nSilakan bayar ${money(c.amount ?? '0', c.currency, l)}${
        c.packageName ? ` untuk ${c.packageName}` : ''
      } sebelum ${c.dueDate ? localDateTime(c.dueDate, c.timezone, l) : 'tanggal jatuh tempo'}: ${c.paymentUrl ?? ''}\n\n${c.tenantName}`,
    }),
  },
  verification_code: {
    en: (c) => ({
      subject: `${c.tenantName}: your verification code`,
      text: `Your ${c.tenantName} verification code is ${c.code ?? ''}. Do not share it with anyone.`,
    }),
    id: (c) => ({
      subject: `${c.tenantName}: kode verifikasi Anda`,
      text: `Kode verifikasi ${c.tenantName} Anda adalah ${c.code ?? ''}. Jangan bagikan kepada siapa pun.`,
    }),
  },
};

export function renderTemplate(kind: NotificationKind, language: Language, context: TemplateContext) {
  return TEMPLATES[kind][language](context, language);
}
