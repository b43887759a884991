import fc from 'fast-check';
import {
  applyConsent,
  applySelfPreferences,
  applyStaffPreferences,
  hashVerificationCode,
  isReasonableBirthDate,
  membershipTier,
  newVerificationCode,
  selfDefaults,
  staffDefaults,
} from '../src/domain/customer-rules';

describe('membership tier', () => {
  it.each([
    [0, 'basic'],
    [99, 'basic'],
    [100, 'silver'],
    [499, 'silver'],
    [500, 'gold'],
    [999, 'gold'],
    [1000, 'platinum'],
    [1_000_000, 'platinum'],
  ] as const)('%i points → %s', (points, tier) => {
    expect(membershipTier(points)).toBe(tier);
  });

  it('never goes down when points go up', () => {
    const order = ['basic', 'silver', 'gold', 'platinum'];
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return order.indexOf(membershipTier(low)) <= order.indexOf(membershipTier(high));
      }),
    );
  });
});

describe('preferences', () => {
  const outletA = 'a'.repeat(24);
  const outletB = 'b'.repeat(24);

  it('keeps the spec defaults for self-registered and staff-created customers', () => {
    expect(selfDefaults().communication).toEqual({ email: true, sms: false, push: true, whatsapp: false });
    expect(selfDefaults(true).marketing_consent).toBe(true);
    expect(staffDefaults()).toMatchObject({
      communication: { email: true, sms: true, push: true, whatsapp: true },
      language: 'id',
      marketing_consent: false,
    });
  });

  it('puts the self-chosen outlet first, keeps the others, and clears with null', () => {
    const staffChosen = applyStaffPreferences(selfDefaults(), { preferred_outlets: [outletA, outletB] });
    expect(applySelfPreferences(staffChosen, { preferred_outlet_id: outletB }).preferred_outlet_ids).toEqual([
      outletB,
      outletA,
    ]);
    expect(applySelfPreferences(staffChosen, { preferred_outlet_id: null }).preferred_outlet_ids).toEqual([]);
    expect(applySelfPreferences(staffChosen, {}).preferred_outlet_ids).toEqual([outletA, outletB]);
  });

  it('merges communication preferences and notification settings', () => {
    const next = applySelfPreferences(selfDefaults(), {
      communication_preferences: { sms: true },
      notification_settings: { loyalty_updates: false },
    });
    expect(next.communication).toEqual({ email: true, sms: true, push: true, whatsapp: false });
    expect(next.notification_settings.loyalty_updates).toBe(false);
    expect(next.notification_settings.booking_reminders).toBe(true);
  });
});

describe('consent', () => {
  it('reports only the consents that changed', () => {
    const { preferences, changes } = applyConsent(selfDefaults(), {
      marketing_consent: true,
      data_processing_consent: true,
      communication_consent: { whatsapp: true, email: true },
    });
    expect(preferences.marketing_consent).toBe(true);
    expect(changes).toEqual({
      marketing_consent: { from: false, to: true },
      'communication_consent.whatsapp': { from: false, to: true },
    });
  });
});

describe('verification codes and birth dates', () => {
  it('makes 6-digit codes and hashes them per customer and channel', () => {
    for (let i = 0; i < 200; i += 1) expect(newVerificationCode()).toMatch(/^\d{6}$/);
    const hash = hashVerificationCode('c1', 'email', '123456');
    expect(hash).not.toContain('123456');
    expect(hashVerificationCode('c2', 'email', '123456')).not.toBe(hash);
    expect(hashVerificationCode('c1', 'phone', '123456')).not.toBe(hash);
  });

  it('accepts birth dates from 120 years ago up to today', () => {
    expect(isReasonableBirthDate('2024-06-01', '2024-06-01')).toBe(true);
    expect(isReasonableBirthDate('2024-06-02', '2024-06-01')).toBe(false);
    expect(isReasonableBirthDate('1904-06-01', '2024-06-01')).toBe(true);
    expect(isReasonableBirthDate('1904-05-31', '2024-06-01')).toBe(false);
  });
});
