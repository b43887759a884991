import fc from 'fast-check';
import {
  depositOf,
  eventSchemas,
  promotionActive,
  resolvePrice,
  serviceUpsertedV1,
  type PricingForResolution,
} from '@salon/contracts';

const OUTLET_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OUTLET_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const EXPIRY = '2030-06-01T12:00:00.000Z';
const expiry = Date.parse(EXPIRY);
const at = (offsetMs: number) => new Date(expiry + offsetMs);

const pricing = (overrides: Partial<PricingForResolution> = {}): PricingForResolution => ({
  base_price: '100000.00',
  currency: 'IDR',
  outlet_prices: { [OUTLET_A]: '120000.00' },
  promotional_price: '80000.00',
  promotional_valid_until: EXPIRY,
  ...overrides,
});

describe('resolvePrice', () => {
  describe('rule 1: an active promotion beats everything, for every outlet', () => {
    it('applies before the expiry, with or without an outlet context', () => {
      for (const outletId of [undefined, null, OUTLET_A, OUTLET_B]) {
        expect(resolvePrice(pricing(), { outletId, at: at(-60_000) })).toEqual({
          amount: '80000.00',
          currency: 'IDR',
          source: 'promotional_price',
        });
      }
    });

    it('applies one millisecond before the expiry instant', () => {
      expect(resolvePrice(pricing(), { outletId: OUTLET_A, at: at(-1) }).source).toBe('promotional_price');
      expect(promotionActive(pricing(), at(-1))).toBe(true);
    });

    it('no longer applies at the expiry instant itself ("before" is strict)', () => {
      expect(resolvePrice(pricing(), { outletId: OUTLET_A, at: at(0) })).toEqual({
        amount: '120000.00',
        currency: 'IDR',
        source: 'outlet_override',
      });
      expect(promotionActive(pricing(), at(0))).toBe(false);
    });

    it('no longer applies one millisecond after the expiry instant', () => {
      expect(resolvePrice(pricing(), { outletId: OUTLET_A, at: at(1) }).source).toBe('outlet_override');
      expect(resolvePrice(pricing(), { at: at(1) })).toEqual({
        amount: '100000.00',
        currency: 'IDR',
        source: 'base_price',
      });
    });

    it('reads an expiry written with an offset as the same UTC instant', () => {
      const withOffset = pricing({ promotional_valid_until: '2030-06-01T19:00:00.000+07:00' });
      expect(resolvePrice(withOffset, { at: at(-1) }).source).toBe('promotional_price');
      expect(resolvePrice(withOffset, { at: at(0) }).source).toBe('base_price');
    });

    it('applies a zero promotional price (free is a price)', () => {
      expect(resolvePrice(pricing({ promotional_price: '0.00' }), { at: at(-1) })).toEqual({
        amount: '0.00',
        currency: 'IDR',
        source: 'promotional_price',
      });
    });

    it('needs both fields: a price without expiry or an expiry without price is no promotion', () => {
      for (const partial of [
        { promotional_valid_until: null },
        { promotional_valid_until: undefined },
        { promotional_price: null },
        { promotional_price: undefined },
        { promotional_price: null, promotional_valid_until: null },
      ]) {
        expect(resolvePrice(pricing(partial), { outletId: OUTLET_A, at: at(-1) }).source).toBe(
          'outlet_override',
        );
        expect(resolvePrice(pricing(partial), { outletId: OUTLET_B, at: at(-1) }).source).toBe('base_price');
      }
    });

    it('treats an unreadable expiry as no promotion', () => {
      expect(resolvePrice(pricing({ promotional_valid_until: 'not a date' }), { at: at(-1) }).source).toBe(
        'base_price',
      );
    });
  });

  describe('rule 2: the outlet override', () => {
    const noPromotion = pricing({ promotional_price: null, promotional_valid_until: null });

    it("applies the outlet's entry when the outlet has one", () => {
      expect(resolvePrice(noPromotion, { outletId: OUTLET_A, at: at(0) })).toEqual({
        amount: '120000.00',
        currency: 'IDR',
        source: 'outlet_override',
      });
    });

    it('falls back to the base price for an outlet without an entry', () => {
      expect(resolvePrice(noPromotion, { outletId: OUTLET_B, at: at(0) }).source).toBe('base_price');
    });

    it('ignores outlet prices without an outlet context', () => {
      for (const outletId of [undefined, null, '']) {
        expect(resolvePrice(noPromotion, { outletId, at: at(0) }).source).toBe('base_price');
      }
    });

    it('copes with a missing or null outlet_prices map', () => {
      for (const outlet_prices of [undefined, null, {}]) {
        expect(resolvePrice({ ...noPromotion, outlet_prices }, { outletId: OUTLET_A, at: at(0) })).toEqual({
          amount: '100000.00',
          currency: 'IDR',
          source: 'base_price',
        });
      }
    });

    it('never takes inherited properties for outlet entries', () => {
      for (const outletId of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        expect(resolvePrice(noPromotion, { outletId, at: at(0) }).source).toBe('base_price');
      }
    });
  });

  describe('rule 3: the base price', () => {
    it('is the price when nothing else applies, in the service currency', () => {
      expect(
        resolvePrice(
          { base_price: '35.50', currency: 'USD', outlet_prices: {}, promotional_price: null },
          { at: new Date() },
        ),
      ).toEqual({ amount: '35.50', currency: 'USD', source: 'base_price' });
    });
  });

  describe('rule 4: evaluated at the given instant, nothing cached', () => {
    it('gives different answers to the same pricing at different instants', () => {
      const shared = pricing();
      expect(resolvePrice(shared, { at: at(-1) }).source).toBe('promotional_price');
      expect(resolvePrice(shared, { at: at(1) }).source).toBe('base_price');
      expect(resolvePrice(shared, { at: at(-1) }).source).toBe('promotional_price');
      expect(shared).toEqual(pricing());
    });
  });

  it('matches the five rules for any pricing, outlet and instant (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2));
    const outlet = fc.constantFrom(OUTLET_A, OUTLET_B, 'cccccccccccccccccccccccc');
    fc.assert(
      fc.property(
        amount,
        fc.dictionary(outlet, amount),
        fc.option(amount),
        fc.option(fc.integer({ min: -5, max: 5 })),
        fc.option(outlet),
        fc.integer({ min: -5, max: 5 }),
        (base, outletPrices, promo, expiryOffset, outletId, atOffset) => {
          const input: PricingForResolution = {
            base_price: base,
            currency: 'EUR',
            outlet_prices: outletPrices,
            promotional_price: promo,
            promotional_valid_until:
              expiryOffset === null ? null : new Date(expiry + expiryOffset).toISOString(),
          };
          const result = resolvePrice(input, { outletId, at: at(atOffset) });
          expect(result.currency).toBe('EUR');
          if (promo !== null && expiryOffset !== null && atOffset < expiryOffset) {
            expect(result).toMatchObject({ amount: promo, source: 'promotional_price' });
          } else if (outletId !== null && outletPrices[outletId] !== undefined) {
            expect(result).toMatchObject({ amount: outletPrices[outletId], source: 'outlet_override' });
          } else {
            expect(result).toMatchObject({ amount: base, source: 'base_price' });
          }
        },
      ),
    );
  });
});

describe('catalog event contracts', () => {
  const snapshot = {
    service_id: '0123456789abcdef01234567',
    tenant_id: '89abcdef0123456789abcdef',
    name: 'Haircut',
    slug: 'haircut',
    description: null,
    category: 'hair_cut',
    duration_minutes: 45,
    preparation_minutes: 0,
    cleanup_minutes: 10,
    max_advance_booking_days: 90,
    min_advance_booking_hours: 1,
    requires_staff: true,
    required_staff_count: 1,
    allow_parallel_bookings: false,
    max_parallel_bookings: 1,
    pricing: {
      base_price: '150000.00',
      currency: 'IDR',
      outlet_prices: { [OUTLET_A]: '175000.00' },
      promotional_price: null,
      promotional_valid_until: null,
      deposit: null,
    },
    tags: ['hair'],
    image_url: null,
    is_active: true,
    status: 'active',
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
    version: 1,
  };

  it('registers both catalog events', () => {
    expect(eventSchemas['catalog.service.upserted.v1']).toBe(serviceUpsertedV1);
    expect(eventSchemas['catalog.service.archived.v1'].safeParse({}).success).toBe(false);
  });

  it('accepts a full snapshot and strips unknown keys (lenient consumers)', () => {
    expect(serviceUpsertedV1.parse({ ...snapshot, extra: 1 })).toEqual(snapshot);
  });

  it('refuses money that is not a two-decimal string and outlet keys that are not ids', () => {
    const bad = (pricingChanges: Record<string, unknown>) =>
      serviceUpsertedV1.safeParse({ ...snapshot, pricing: { ...snapshot.pricing, ...pricingChanges } })
        .success;
    expect(bad({ base_price: 150000 })).toBe(false);
    expect(bad({ base_price: '150000' })).toBe(false);
    expect(bad({ base_price: '-1.00' })).toBe(false);
    expect(bad({ outlet_prices: { 'not-an-id': '1.00' } })).toBe(false);
    expect(bad({ currency: 'RUPIAH' })).toBe(false);
  });
});

describe('depositOf (issue 22 item 1)', () => {
  it('is nothing without a rule', () => {
    expect(depositOf(null, '100000.00')).toBe('0.00');
    expect(depositOf(undefined, '100000.00')).toBe('0.00');
  });

  it('takes a percentage of the booked price, rounded half up to cents', () => {
    expect(depositOf({ type: 'percentage', value: 25 }, '100000.00')).toBe('25000.00');
    expect(depositOf({ type: 'percentage', value: 33.33 }, '10.05')).toBe('3.35');
    expect(depositOf({ type: 'percentage', value: 100 }, '80.00')).toBe('80.00');
  });

  it('takes a fixed amount, never more than the price', () => {
    expect(depositOf({ type: 'fixed', value: '50000.00' }, '100000.00')).toBe('50000.00');
    expect(depositOf({ type: 'fixed', value: '250000.00' }, '100000.00')).toBe('100000.00');
  });

  it('reads events from before deposits as no deposit', () => {
    const pricing = { base_price: '1.00', currency: 'IDR', outlet_prices: {}, promotional_price: null };
    expect(
      serviceUpsertedV1.shape.pricing.parse({ ...pricing, promotional_valid_until: null }).deposit,
    ).toBeUndefined();
  });
});
