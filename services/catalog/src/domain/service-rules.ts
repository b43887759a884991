import { DEFAULT_SERVICE_CATEGORY_TEMPLATES, type ServicePricingV1 } from '@salon/contracts';
import type { ValidationIssue } from '@salon/service-kit';

const DEFAULT_DESCRIPTIONS: Record<string, string> = {
  hair_cut: 'Haircuts, trims and fringes',
  hair_color: 'Colouring, highlights and toning',
  hair_treatment: 'Hair masks, keratin and scalp treatments',
  hair_styling: 'Blow-dries, updos and styling',
  facial: 'Facials and skin care',
  makeup: 'Makeup for events and everyday',
  eyebrows: 'Brow shaping, tinting and lamination',
  eyelashes: 'Lash extensions, lifts and tints',
  manicure: 'Hand and nail care',
  pedicure: 'Foot and nail care',
  nail_art: 'Nail designs, gel and acrylics',
  massage: 'Massages and bodywork',
  body_treatment: 'Scrubs, wraps and body care',
  waxing: 'Hair removal by waxing',
  spa: 'Spa rituals and packages',
  therapy: 'Therapeutic treatments',
  consultation: 'Consultations and assessments',
  other: 'Other services',
};

/** "hair_cut" → "Hair Cut": the display name is derived from the template key. */
export function displayNameOf(category: string): string {
  return category
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** A description for the default categories; custom ones have none. */
export const descriptionOf = (category: string): string | null => DEFAULT_DESCRIPTIONS[category] ?? null;

/** The category templates in force: the tenant's custom list when its plan allows it and it set one. */
export function categoryTemplates(customAllowed: boolean, custom: readonly string[] | undefined): string[] {
  return customAllowed && custom && custom.length > 0 ? [...custom] : [...DEFAULT_SERVICE_CATEGORY_TEMPLATES];
}

export interface CategoryEntry {
  category: string;
  display_name: string;
  count: number;
  description: string | null;
}

/**
 * GET /services/categories. Staff see every template category plus any category used by a service that is
 * not archived, counting active services (`activeOnly`) or active and inactive ones. Customers see only
 * categories with at least one active service. Sorted by category key.
 */
export function categoryEntries(
  templates: readonly string[],
  counts: readonly { category: string; active: number; live: number }[],
  { customer, activeOnly }: { customer: boolean; activeOnly: boolean },
): CategoryEntry[] {
  const byCategory = new Map(counts.map((row) => [row.category, row]));
  const countOf = (category: string) => {
    const row = byCategory.get(category);
    if (!row) return 0;
    return customer || activeOnly ? row.active : row.live;
  };
  const keys = new Set<string>(customer ? [] : templates);
  for (const row of counts) if ((customer ? row.active : row.live) > 0) keys.add(row.category);
  return [...keys]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((category) => ({
      category,
      display_name: displayNameOf(category),
      count: countOf(category),
      description: descriptionOf(category),
    }))
    .filter((entry) => !customer || entry.count > 0);
}

export type PricingPatch = Partial<ServicePricingV1>;

/**
 * A partial `pricing` merges into the stored one: the sub-fields sent replace theirs, the others are kept.
 * `outlet_prices`, when sent, replaces the whole map (POST /services/{id}/pricing merges per outlet).
 * Clearing `promotional_price` (null) also clears its expiry: a promotion is the pair.
 */
export function mergePricing(stored: ServicePricingV1, patch: PricingPatch): ServicePricingV1 {
  const merged: ServicePricingV1 = {
    base_price: patch.base_price ?? stored.base_price,
    currency: patch.currency ?? stored.currency,
    outlet_prices: patch.outlet_prices ?? stored.outlet_prices,
    promotional_price:
      patch.promotional_price === undefined ? stored.promotional_price : patch.promotional_price,
    promotional_valid_until:
      patch.promotional_valid_until === undefined
        ? stored.promotional_valid_until
        : patch.promotional_valid_until,
    deposit: patch.deposit === undefined ? stored.deposit : patch.deposit,
  };
  if (patch.promotional_price === null && patch.promotional_valid_until === undefined) {
    merged.promotional_valid_until = null;
  }
  return merged;
}

/**
 * A promotion is a price and an expiry together: one without the other could never apply (price rule 1),
 * so it is refused rather than stored. Checked on the pricing after the merge.
 */
export function promotionIssues(pricing: ServicePricingV1): ValidationIssue[] {
  const loc = (field: string) => ['body', 'pricing', field];
  if (pricing.promotional_price !== null && pricing.promotional_valid_until === null) {
    return [
      {
        loc: loc('promotional_valid_until'),
        msg: 'promotional_valid_until is required when promotional_price is set',
        type: 'missing',
      },
    ];
  }
  if (pricing.promotional_price === null && pricing.promotional_valid_until !== null) {
    return [
      {
        loc: loc('promotional_price'),
        msg: 'promotional_price is required when promotional_valid_until is set',
        type: 'missing',
      },
    ];
  }
  return [];
}

export interface OutletPriceChange {
  /** Outlets whose price is added or changed. */
  set: string[];
  /** Outlets whose price is removed. */
  removed: string[];
}

/** Which outlet entries differ between two outlet_prices maps. */
export function outletPriceChange(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): OutletPriceChange {
  return {
    set: Object.keys(after).filter((outletId) => before[outletId] !== after[outletId]),
    removed: Object.keys(before).filter((outletId) => !Object.hasOwn(after, outletId)),
  };
}

/** POST /services/{id}/pricing: the entries sent are set, those sent as null removed, the rest kept. */
export function applyOutletPrices(
  stored: Readonly<Record<string, string>>,
  changes: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const merged: Record<string, string> = { ...stored };
  for (const [outletId, amount] of Object.entries(changes)) {
    if (amount === null) delete merged[outletId];
    else merged[outletId] = amount;
  }
  return merged;
}
