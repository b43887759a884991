import { formatMoney, money, percentOf } from './money';
/**
 * Price resolution (first spec document, "Price resolution"): one pure rule shared by catalog (which serves
 * GET /services/{id}/price) and by scheduling and commerce (which price appointments from their replicas of
 * `catalog.service.upserted.v1`). Amounts are decimal strings and are returned exactly as stored: the rule
 * chooses a price, it never computes one.
 */
export interface PricingForResolution {
  base_price: string;
  currency: string;
  /** Outlet id → price; a missing or null map means no outlet overrides. */
  outlet_prices?: Readonly<Record<string, string>> | null;
  promotional_price?: string | null;
  /** ISO 8601 UTC instant; the promotion applies strictly before it. */
  promotional_valid_until?: string | null;
}

export const PRICE_SOURCES = ['promotional_price', 'outlet_override', 'base_price'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface ResolvedPrice {
  amount: string;
  currency: string;
  source: PriceSource;
}

export interface PriceContext {
  /** The outlet the price is asked for (the appointment's outlet); none means "no outlet context". */
  outletId?: string | null;
  /** The instant of the request; expiry is evaluated against it on every call (rule 4). */
  at: Date;
}

/** True while a promotion is set (price and expiry) and `at` is strictly before its expiry (rule 1). */
export function promotionActive(pricing: PricingForResolution, at: Date): boolean {
  const { promotional_price: price, promotional_valid_until: until } = pricing;
  if (price === null || price === undefined || until === null || until === undefined) return false;
  const expiry = Date.parse(until);
  return !Number.isNaN(expiry) && at.getTime() < expiry;
}

/**
 * 1. promotional_price while both promotion fields are set and `at` is before promotional_valid_until; it
 *    applies to every outlet and beats outlet prices;
 * 2. otherwise outlet_prices[outletId] when an outlet is given and has an entry;
 * 3. otherwise base_price.
 * 4. Nothing is cached: each call evaluates the expiry at `at`, so an expired promotion needs no clean-up.
 * (5 and 6, overwriting client prices at booking and applying changes to new bookings only, are the
 * callers' part: they call this with the appointment's outlet and store the result on the appointment.)
 */
export function resolvePrice(pricing: PricingForResolution, { outletId, at }: PriceContext): ResolvedPrice {
  const { currency } = pricing;
  if (promotionActive(pricing, at)) {
    return { amount: pricing.promotional_price as string, currency, source: 'promotional_price' };
  }
  const outletPrices = pricing.outlet_prices ?? {};
  if (outletId && Object.hasOwn(outletPrices, outletId)) {
    const amount = outletPrices[outletId];
    if (amount !== undefined) return { amount, currency, source: 'outlet_override' };
  }
  return { amount: pricing.base_price, currency, source: 'base_price' };
}

/** A deposit rule as `pricing.deposit` holds it (issue 22 item 1). */
export type DepositRule = { type: 'fixed'; value: string } | { type: 'percentage'; value: number };

/**
 * The deposit one service line asks for at `price` (the price the booking resolved): a fixed deposit capped
 * at the price, or the percentage of the price rounded half up to cents; no rule is "0.00".
 */
export function depositOf(rule: DepositRule | null | undefined, price: string): string {
  if (!rule) return '0.00';
  if (rule.type === 'fixed') return formatMoney(money(rule.value).gt(money(price)) ? price : rule.value);
  return formatMoney(percentOf(price, rule.value));
}
