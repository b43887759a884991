import {
  DEFAULT_SERVICE_CATEGORY_TEMPLATES,
  DEFAULT_STAFF_POSITION_TEMPLATES,
  type TenantSettings,
} from '@salon/contracts';

export function defaultSettings(overrides: Partial<TenantSettings> = {}): TenantSettings {
  return {
    timezone: 'Asia/Jakarta',
    currency: 'IDR',
    language: 'id',
    business_type: null,
    staff_position_templates: [...DEFAULT_STAFF_POSITION_TEMPLATES],
    service_category_templates: [...DEFAULT_SERVICE_CATEGORY_TEMPLATES],
    booking_advance_days: 30,
    cancellation_hours: 24,
    wallet_enabled: false,
    loyalty_points_enabled: false,
    payments_enabled: true,
    late_cancellation_fee_percent: 0,
    deposit_hold_minutes: 30,
    waitlist_hold_minutes: 15,
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
}

/** Lowercase, hyphenated, ASCII: "Salon Cantik & Spa" → "salon-cantik-spa". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'business';
}

/** The base itself when free, else the smallest `base-N` (N ≥ 2) not taken. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** "example.com" → "https://example.com"; a URL with a scheme is kept as given. */
export function normaliseWebsite(website: string | null | undefined): string | null {
  if (!website) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`;
}

/** A human-readable partner number for invoices: "CP-" and 10 digits. */
export function partnerNumber(random: () => number = Math.random): string {
  return `CP-${String(Math.floor(random() * 1e10)).padStart(10, '0')}`;
}
