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
  /** How long a code stays valid, in whole minutes. */
  validMinutes?: number;
  customerName?: string;
  /** When a password was changed, and how: with a reset code or by its owner signed in. */
  changedAt?: string;
  changeReason?: 'reset' | 'change';
  /** A refund: what the salon kept of what was paid (`amount` is what was given back), and where it went. */
  feeKept?: string;
  refundedTo?: 'wallet' | 'outside' | 'none';
  /** A webhook endpoint disabled after failing (`failingSince`: its first failure since the last success). */
  webhookUrl?: string;
  failingSince?: string;
  /** A paid subscription invoice as billing applied it (`amount` is what was paid). */
  subscriptionPayment?: SubscriptionPaymentDetails;
  /** A freed slot held for a waiting customer (`startsAt`, `serviceNames` and `timezone` say which). */
  waitlistOffer?: { offerId: string; staffName: string; expiresAt: string; holdMinutes: number };
}

/** What the business's confirmation of a paid subscription invoice says; stored as its notification's payload. */
export interface SubscriptionPaymentDetails {
  kind: 'upgrade' | 'renewal';
  plan_name: string;
  previous_plan_name: string;
  billing_period: 'monthly' | 'quarterly' | 'yearly';
  period_start: string;
  period_end: string;
  next_billing_date: string;
}

/** The sender named in messages to a staff user: a staff account is platform-wide, not one salon's. */
export const PLATFORM_NAME = 'Salon platform';

const LOCALE: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/** The instant's local date and time in a zone, e.g. "Tuesday, 3 March 2026, 10:30". */
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

/** The instant's local date in a zone, e.g. "1 April 2026" (id: "1 April 2026", "1 Maret 2026"). */
export function localDate(iso: string, timezone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: timezone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
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
/** The change's local time, with its timezone named (a staff user's is UTC, which no salon implies). */
const changedWhen = (c: TemplateContext, l: Language) =>
  c.changedAt ? `${localDateTime(c.changedAt, c.timezone, l)} (${c.timezone})` : '';

/** A waitlist offer's slot and hold, local to the outlet with its zone named (the customer may be elsewhere). */
function offerFacts(c: TemplateContext, l: Language) {
  const o = c.waitlistOffer!;
  const zone = `(${c.timezone})`;
  return {
    o,
    what: services(c),
    at: place(c),
    slot: `${when(c, l)} ${zone}`,
    until: `${localDateTime(o.expiresAt, c.timezone, l)} ${zone}`,
    accept: `POST /customer/waitlist/offers/${o.offerId}/accept`,
  };
}

const PERIOD_NAME: Record<Language, Record<SubscriptionPaymentDetails['billing_period'], string>> = {
  en: { monthly: 'monthly', quarterly: 'quarterly', yearly: 'yearly' },
  id: { monthly: 'bulanan', quarterly: 'triwulanan', yearly: 'tahunan' },
};

/** The plan, its period and the next billing date of a paid subscription, in the business's zone. */
function subscriptionFacts(c: TemplateContext, l: Language) {
  const p = c.subscriptionPayment!;
  return {
    p,
    plan: `${p.plan_name} (${PERIOD_NAME[l][p.billing_period]})`,
    period: `${localDate(p.period_start, c.timezone, l)} – ${localDate(p.period_end, c.timezone, l)}`,
    next: localDate(p.next_billing_date, c.timezone, l),
    paid: money(c.amount ?? '0', c.currency, l),
  };
}

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
  booking_released: {
    en: (c, l) => ({
      subject: `${c.tenantName}: your booking was released`,
      text: `Hello ${c.recipientName},\n\nYour booking at ${place(c)} on ${when(c, l)} (${services(c)}) was released: its deposit${
        c.amount ? ` of ${money(c.amount, c.currency, l)}` : ''
      } was not paid in time, so the time is free for others. You are welcome to book again.\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: pemesanan Anda dilepas`,
      text: `Halo ${c.recipientName},\n\nPemesanan Anda di ${place(c)} pada ${when(c, l)} (${services(c)}) telah dilepas: uang muka${
        c.amount ? ` sebesar ${money(c.amount, c.currency, l)}` : ''
      } tidak dibayar tepat waktu, sehingga waktunya tersedia untuk orang lain. Silakan memesan kembali.\n\n${c.tenantName}`,
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
  payment_refunded: {
    en: (c, l) => ({
      subject: `${c.tenantName}: your payment was refunded`,
      text: `Hello ${c.recipientName},\n\nYour appointment${c.startsAt ? ` on ${when(c, l)}` : ''} was cancelled. ${money(
        c.amount ?? '0',
        c.currency,
        l,
      )} ${
        c.refundedTo === 'wallet'
          ? 'has been returned to your wallet with us: use it for your next booking'
          : 'will be paid back to you by the salon'
      }.${
        c.feeKept && Number(c.feeKept) > 0
          ? ` ${money(c.feeKept, c.currency, l)} was kept as the late-cancellation fee.`
          : ''
      }\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: pembayaran Anda telah dikembalikan`,
      text: `Halo ${c.recipientName},\n\nJanji temu Anda${c.startsAt ? ` pada ${when(c, l)}` : ''} dibatalkan. ${money(
        c.amount ?? '0',
        c.currency,
        l,
      )} ${
        c.refundedTo === 'wallet'
          ? 'telah dikembalikan ke dompet Anda di sini: gunakan untuk pemesanan berikutnya'
          : 'akan dikembalikan kepada Anda oleh salon'
      }.${
        c.feeKept && Number(c.feeKept) > 0
          ? ` ${money(c.feeKept, c.currency, l)} ditahan sebagai biaya pembatalan terlambat.`
          : ''
      }\n\n${c.tenantName}`,
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
  password_reset_code: {
    en: (c) => ({
      subject: `${c.tenantName}: your password reset code`,
      text: `Your ${c.tenantName} password reset code is ${c.code ?? ''}. It is valid for ${c.validMinutes ?? 30} minutes. Do not share it with anyone. If you did not ask to reset your password, ignore this message.`,
    }),
    id: (c) => ({
      subject: `${c.tenantName}: kode reset kata sandi Anda`,
      text: `Kode reset kata sandi ${c.tenantName} Anda adalah ${c.code ?? ''}. Berlaku selama ${c.validMinutes ?? 30} menit. Jangan bagikan kepada siapa pun. Jika Anda tidak meminta reset kata sandi, abaikan pesan ini.`,
    }),
  },
  password_changed: {
    en: (c, l) => ({
      subject: `${c.tenantName}: your password was changed`,
      text: `Hello ${c.recipientName},\n\nThe password of your ${c.tenantName} account was changed on ${changedWhen(c, l)}${
        c.changeReason === 'reset' ? ' with a reset code' : ' from a signed-in session'
      }, and every session of the account was signed out.\n\nIf this was not you, reset your password right away and contact the salon.\n\n${c.tenantName}`,
    }),
    id: (c, l) => ({
      subject: `${c.tenantName}: kata sandi Anda telah diubah`,
      text: `Halo ${c.recipientName},\n\nKata sandi akun ${c.tenantName} Anda telah diubah pada ${changedWhen(c, l)}${
        c.changeReason === 'reset' ? ' dengan kode reset' : ' dari sesi yang sedang masuk'
      }, dan semua sesi akun tersebut telah dikeluarkan.\n\nJika ini bukan Anda, segera reset kata sandi Anda dan hubungi salon.\n\n${c.tenantName}`,
    }),
  },
  // From the platform to the business about its own plan: signed by the platform, not the salon.
  subscription_payment_confirmation: {
    en: (c, l) => {
      const { p, plan, period, next, paid } = subscriptionFacts(c, l);
      const what =
        p.kind === 'upgrade'
          ? `Your plan is now ${plan}, upgraded from ${p.previous_plan_name}.`
          : `Your ${plan} plan was renewed.`;
      return {
        subject: `${PLATFORM_NAME}: ${p.kind === 'upgrade' ? `your ${p.plan_name} plan is active` : `your ${p.plan_name} plan was renewed`}`,
        text: `Hello ${c.recipientName},\n\nWe received your payment of ${paid}. ${what}\nCurrent period: ${period}.\nNext billing date: ${next}.\n\nThank you,\n${PLATFORM_NAME}`,
      };
    },
    id: (c, l) => {
      const { p, plan, period, next, paid } = subscriptionFacts(c, l);
      const what =
        p.kind === 'upgrade'
          ? `Paket Anda sekarang ${plan}, ditingkatkan dari ${p.previous_plan_name}.`
          : `Paket ${plan} Anda telah diperpanjang.`;
      return {
        subject: `${PLATFORM_NAME}: ${p.kind === 'upgrade' ? `paket ${p.plan_name} Anda aktif` : `paket ${p.plan_name} Anda telah diperpanjang`}`,
        text: `Halo ${c.recipientName},\n\nKami telah menerima pembayaran Anda sebesar ${paid}. ${what}\nPeriode saat ini: ${period}.\nTanggal tagihan berikutnya: ${next}.\n\nTerima kasih,\n${PLATFORM_NAME}`,
      };
    },
  },
  // From the platform to the business about its own integration.
  webhook_endpoint_disabled: {
    en: (c, l) => ({
      subject: `${PLATFORM_NAME}: a webhook endpoint of ${c.tenantName} was disabled`,
      text: `Hello ${c.recipientName},\n\nYour webhook endpoint ${c.webhookUrl ?? ''} has failed every delivery since ${localDateTime(c.failingSince ?? '', c.timezone, l)}, so we disabled it and stopped sending it events. Fix the receiver, enable the endpoint again (PATCH /webhook-endpoints/{id} with {"enabled": true}) and replay the deliveries you need from its delivery log.\n\n${PLATFORM_NAME}`,
    }),
    id: (c, l) => ({
      subject: `${PLATFORM_NAME}: endpoint webhook ${c.tenantName} dinonaktifkan`,
      text: `Halo ${c.recipientName},\n\nEndpoint webhook Anda ${c.webhookUrl ?? ''} gagal menerima setiap pengiriman sejak ${localDateTime(c.failingSince ?? '', c.timezone, l)}, sehingga kami menonaktifkannya dan berhenti mengirim event. Perbaiki penerima, aktifkan kembali endpoint (PATCH /webhook-endpoints/{id} dengan {"enabled": true}) dan kirim ulang pengiriman yang Anda perlukan dari log pengirimannya.\n\n${PLATFORM_NAME}`,
    }),
  },
  // The customer's waitlist is in the customer API (no waitlist page in the web app yet).
  waitlist_offer: {
    en: (c, l) => {
      const { o, what, at, slot, until, accept } = offerFacts(c, l);
      return {
        subject: `${c.tenantName}: a slot you are waiting for is held for you`,
        text: `Hello ${c.recipientName},\n\nA slot from your waitlist has opened: ${what} with ${o.staffName}${at ? ` at ${at}` : ''} on ${slot}.\nWe are holding it for you for ${o.holdMinutes} minute${o.holdMinutes === 1 ? '' : 's'}, until ${until}; after that it goes to the next person waiting.\n\nTo take it, open your waitlist in the app and accept the offer (API: ${accept}). If you do not want it, decline it there so the next person gets it sooner.\n\n${c.tenantName}`,
      };
    },
    id: (c, l) => {
      const { o, what, at, slot, until, accept } = offerFacts(c, l);
      return {
        subject: `${c.tenantName}: slot yang Anda tunggu sedang ditahan untuk Anda`,
        text: `Halo ${c.recipientName},\n\nSlot dari daftar tunggu Anda kini tersedia: ${what} dengan ${o.staffName}${at ? ` di ${at}` : ''} pada ${slot}.\nKami menahannya untuk Anda selama ${o.holdMinutes} menit, hingga ${until}; setelah itu slot ini ditawarkan kepada orang berikutnya dalam antrean.\n\nUntuk mengambilnya, buka daftar tunggu Anda di aplikasi dan terima tawarannya (API: ${accept}). Jika Anda tidak menginginkannya, tolak tawaran itu di sana agar orang berikutnya mendapatkannya lebih cepat.\n\n${c.tenantName}`,
      };
    },
  },
};

export function renderTemplate(kind: NotificationKind, language: Language, context: TemplateContext) {
  return { ...TEMPLATES[kind][language](context, language), language };
}
