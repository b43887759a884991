import { DEFAULT_SERVICE_CATEGORY_TEMPLATES, type ServicePricingV1 } from '@salon/contracts';
import {
  applyOutletPrices,
  categoryEntries,
  categoryTemplates,
  displayNameOf,
  mergePricing,
  outletPriceChange,
  promotionIssues,
} from '../src/domain/service-rules';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const UNTIL = '2030-01-01T00:00:00.000Z';

const stored: ServicePricingV1 = {
  base_price: '100.00',
  currency: 'IDR',
  outlet_prices: { [A]: '120.00' },
  promotional_price: '80.00',
  promotional_valid_until: UNTIL,
  deposit: null,
};

describe('mergePricing (partial pricing on PUT)', () => {
  it('keeps every sub-field not sent', () => {
    expect(mergePricing(stored, {})).toEqual(stored);
    expect(mergePricing(stored, { base_price: '110.00' })).toEqual({ ...stored, base_price: '110.00' });
    expect(mergePricing(stored, { currency: 'USD' })).toEqual({ ...stored, currency: 'USD' });
  });

  it('sets, keeps and removes the deposit', () => {
    const deposit = { type: 'percentage' as const, value: 25 };
    const withDeposit = mergePricing(stored, { deposit });
    expect(withDeposit.deposit).toEqual(deposit);
    expect(mergePricing(withDeposit, { base_price: '110.00' }).deposit).toEqual(deposit);
    expect(mergePricing(withDeposit, { deposit: null }).deposit).toBeNull();
  });

  it('replaces the whole outlet_prices map when it is sent', () => {
    expect(mergePricing(stored, { outlet_prices: { [B]: '90.00' } }).outlet_prices).toEqual({ [B]: '90.00' });
    expect(mergePricing(stored, { outlet_prices: {} }).outlet_prices).toEqual({});
  });

  it('clears the expiry with the promotional price, unless an expiry is sent too', () => {
    expect(mergePricing(stored, { promotional_price: null })).toMatchObject({
      promotional_price: null,
      promotional_valid_until: null,
    });
    expect(mergePricing(stored, { promotional_price: null, promotional_valid_until: UNTIL })).toMatchObject({
      promotional_price: null,
      promotional_valid_until: UNTIL,
    });
    expect(mergePricing(stored, { promotional_valid_until: null })).toMatchObject({
      promotional_price: '80.00',
      promotional_valid_until: null,
    });
  });
});

describe('promotionIssues', () => {
  it('accepts both set or both unset', () => {
    expect(promotionIssues(stored)).toEqual([]);
    expect(promotionIssues({ ...stored, promotional_price: null, promotional_valid_until: null })).toEqual(
      [],
    );
  });

  it('refuses a price without expiry, and an expiry without price', () => {
    expect(promotionIssues({ ...stored, promotional_valid_until: null })[0]?.loc).toEqual([
      'body',
      'pricing',
      'promotional_valid_until',
    ]);
    expect(promotionIssues({ ...stored, promotional_price: null })[0]?.loc).toEqual([
      'body',
      'pricing',
      'promotional_price',
    ]);
  });
});

describe('outlet price changes', () => {
  it('tells set (added or changed) from removed entries', () => {
    expect(outletPriceChange({ [A]: '1.00', [B]: '2.00' }, { [A]: '1.00', [B]: '3.00' })).toEqual({
      set: [B],
      removed: [],
    });
    expect(outletPriceChange({ [A]: '1.00' }, { [B]: '1.00' })).toEqual({ set: [B], removed: [A] });
    expect(outletPriceChange({}, {})).toEqual({ set: [], removed: [] });
  });

  it('applies POST /pricing: sent entries set, null removes, others kept', () => {
    expect(applyOutletPrices({ [A]: '1.00' }, { [B]: '2.00' })).toEqual({ [A]: '1.00', [B]: '2.00' });
    expect(applyOutletPrices({ [A]: '1.00', [B]: '2.00' }, { [A]: null })).toEqual({ [B]: '2.00' });
    expect(applyOutletPrices({ [A]: '1.00' }, { [A]: '5.00' })).toEqual({ [A]: '5.00' });
  });
});

describe('categories', () => {
  it('derives display names from the key', () => {
    expect(displayNameOf('hair_cut')).toBe('Hair Cut');
    expect(displayNameOf('body_treatment')).toBe('Body Treatment');
    expect(displayNameOf('spa')).toBe('Spa');
    expect(displayNameOf('nail-art  deluxe')).toBe('Nail Art Deluxe');
  });

  it('uses custom templates only when allowed and set', () => {
    expect(categoryTemplates(true, ['a'])).toEqual(['a']);
    expect(categoryTemplates(false, ['a'])).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);
    expect(categoryTemplates(true, [])).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);
    expect(categoryTemplates(true, undefined)).toEqual([...DEFAULT_SERVICE_CATEGORY_TEMPLATES]);
  });

  const counts = [
    { category: 'massage', active: 2, live: 3 },
    { category: 'zumba', active: 0, live: 1 },
    { category: 'gone', active: 0, live: 0 },
  ];

  it('gives staff every template plus used categories, counting active or live services', () => {
    const active = categoryEntries(['facial', 'massage'], counts, { customer: false, activeOnly: true });
    expect(active.map((entry) => [entry.category, entry.count])).toEqual([
      ['facial', 0],
      ['massage', 2],
      ['zumba', 0],
    ]);
    const live = categoryEntries(['facial', 'massage'], counts, { customer: false, activeOnly: false });
    expect(live.map((entry) => [entry.category, entry.count])).toEqual([
      ['facial', 0],
      ['massage', 3],
      ['zumba', 1],
    ]);
  });

  it('gives customers only categories with active services', () => {
    for (const activeOnly of [true, false]) {
      expect(categoryEntries(['facial', 'massage'], counts, { customer: true, activeOnly })).toEqual([
        { category: 'massage', display_name: 'Massage', count: 2, description: 'Massages and bodywork' },
      ]);
    }
  });
});
