import { PLAN_CATALOGUE } from '@salon/contracts';
import {
  DEFAULT_PREFERENCES,
  channelQuota,
  countsAgainstQuota,
  initialTier,
  outcomeStatus,
  permittedChannels,
  retryDecision,
  successRate,
  triggerSkipReason,
  usageMonth,
  withinQuota,
} from '../src/domain/notification-rules';
import {
  PLATFORM_NAME,
  localDateTime,
  money,
  renderTemplate,
  templateLanguage,
} from '../src/domain/templates';

const now = new Date('2026-03-01T00:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);
const customer = { type: 'customer' as const, id: 'c1', email: 'a@b.c', phone: '+62' };

describe('tiers', () => {
  it('more than 30 days ahead waits PENDING, 30 days or less is PROMOTED', () => {
    expect(initialTier(at(31), now, 30)).toBe('PENDING');
    expect(initialTier(at(30.001), now, 30)).toBe('PENDING');
    expect(initialTier(at(30), now, 30)).toBe('PROMOTED');
    expect(initialTier(at(0), now, 30)).toBe('PROMOTED');
  });
});

describe('channel quotas', () => {
  it.each([
    ['FREE', 'email', 100],
    ['PRO', 'email', 1000],
    ['ENTERPRISE', 'email', -1],
    ['FREE', 'whatsapp', 50],
    ['PRO', 'whatsapp', 500],
    ['ENTERPRISE', 'whatsapp', 5000],
    ['FREE', 'sms', 50],
    ['PRO', 'sms', 500],
    ['ENTERPRISE', 'sms', 5000],
    ['FREE', 'push', -1],
    ['ENTERPRISE', 'push', -1],
  ] as const)('%s %s is %d a month', (plan, channel, quota) => {
    expect(channelQuota(PLAN_CATALOGUE[plan].limits, channel)).toBe(quota);
  });

  it('blocks at the quota, never when unlimited', () => {
    expect(withinQuota(99, 100)).toBe(true);
    expect(withinQuota(100, 100)).toBe(false);
    expect(withinQuota(1_000_000, -1)).toBe(true);
    expect(withinQuota(0, 0)).toBe(false);
    expect(usageMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03');
  });
});

describe('permitted channels', () => {
  it('follows the spec defaults when the customer is unknown: e-mail and push', () => {
    const result = permittedChannels(
      'appointment_reminder',
      ['email', 'whatsapp', 'sms', 'push'],
      customer,
      null,
    );
    expect(result.allowed).toEqual(['email', 'push']);
    expect(result.blocked).toEqual([
      { channel: 'whatsapp', reason: 'preference_off' },
      { channel: 'sms', reason: 'preference_off' },
    ]);
  });

  it('needs an address per channel and honours notification settings', () => {
    const prefs = {
      ...DEFAULT_PREFERENCES,
      notification_settings: { ...DEFAULT_PREFERENCES.notification_settings, booking_reminders: false },
    };
    expect(
      permittedChannels('appointment_reminder', ['email'], { ...customer, email: null }, prefs).blocked,
    ).toEqual([{ channel: 'email', reason: 'no_address' }]);
    expect(permittedChannels('appointment_reminder', ['email'], customer, prefs).blocked).toEqual([
      { channel: 'email', reason: 'notification_setting_off' },
    ]);
    expect(permittedChannels('booking_confirmation', ['email'], customer, prefs).allowed).toEqual(['email']);
    // a waitlist offer follows the appointment updates setting, like the booking confirmation
    const noUpdates = {
      ...DEFAULT_PREFERENCES,
      notification_settings: { ...DEFAULT_PREFERENCES.notification_settings, appointment_updates: false },
    };
    expect(permittedChannels('waitlist_offer', ['email'], customer, prefs).allowed).toEqual(['email']);
    for (const kind of ['waitlist_offer', 'booking_confirmation'] as const)
      expect(permittedChannels(kind, ['email'], customer, noUpdates).blocked).toEqual([
        { channel: 'email', reason: 'notification_setting_off' },
      ]);
  });

  it('sends verification codes whatever the preferences; marketing needs consent', () => {
    expect(permittedChannels('verification_code', ['sms'], customer, DEFAULT_PREFERENCES).allowed).toEqual([
      'sms',
    ]);
    expect(permittedChannels('payment_link', ['email'], customer, DEFAULT_PREFERENCES, true).blocked).toEqual(
      [{ channel: 'email', reason: 'marketing_consent_missing' }],
    );
  });

  it('account-security messages go to their contact whatever the preferences', () => {
    const nothing = {
      ...DEFAULT_PREFERENCES,
      communication: { email: false, sms: false, push: false, whatsapp: false },
    };
    for (const kind of ['verification_code', 'password_reset_code', 'password_changed'] as const)
      expect(permittedChannels(kind, ['email', 'sms'], customer, nothing).allowed).toEqual(['email', 'sms']);
    expect(permittedChannels('payment_link', ['email'], customer, nothing).blocked).toEqual([
      { channel: 'email', reason: 'preference_off' },
    ]);
  });

  it('password messages and the platform’s subscription confirmation never take a unit of the monthly quota; the other kinds do', () => {
    expect(countsAgainstQuota('password_reset_code')).toBe(false);
    expect(countsAgainstQuota('password_changed')).toBe(false);
    expect(countsAgainstQuota('subscription_payment_confirmation')).toBe(false);
    expect(countsAgainstQuota('verification_code')).toBe(true);
    expect(countsAgainstQuota('booking_confirmation')).toBe(true);
  });

  it('staff have no push and no preferences', () => {
    const staff = { type: 'staff' as const, id: 's1', email: 's@x.y', phone: null };
    expect(permittedChannels('staff_booking_notice', ['email', 'push', 'sms'], staff, null)).toEqual({
      allowed: ['email'],
      blocked: [
        { channel: 'push', reason: 'no_address' },
        { channel: 'sms', reason: 'no_address' },
      ],
    });
  });
});

describe('state rules', () => {
  it('COMPLETED when anything was sent, FAILED when nothing was', () => {
    expect(outcomeStatus(['push'])).toBe('COMPLETED');
    expect(outcomeStatus([])).toBe('FAILED');
  });

  it('skips a stale version or a status other than PROMOTED', () => {
    expect(triggerSkipReason({ status: 'PROMOTED', version: 2 }, 2)).toBeNull();
    expect(triggerSkipReason({ status: 'PROMOTED', version: 2 }, 1)).toMatch(/Version mismatch/);
    expect(triggerSkipReason({ status: 'CANCELLED', version: 1 }, 1)).toBe(
      'Notification status is CANCELLED, not PROMOTED',
    );
  });

  it('retries FAILED only, up to the maximum unless forced', () => {
    expect(retryDecision('FAILED', 2, 3, false)).toEqual({ ok: true });
    expect(retryDecision('FAILED', 3, 3, false)).toMatchObject({ ok: false, status: 400 });
    expect(retryDecision('FAILED', 3, 3, true)).toEqual({ ok: true });
    expect(retryDecision('COMPLETED', 0, 3, true)).toMatchObject({ ok: false, status: 400 });
  });

  it('success rate', () => {
    expect(successRate(0, 0)).toBe(100);
    expect(successRate(2, 3)).toBe(66.67);
  });
});

describe('templates', () => {
  it('renders local time in the tenant timezone and the amount in its currency', () => {
    expect(localDateTime('2026-03-03T03:30:00Z', 'Asia/Jakarta', 'en')).toBe('Tuesday, 3 March 2026, 10:30');
    expect(localDateTime('2026-03-03T03:30:00Z', 'Asia/Jakarta', 'id')).toBe('Selasa, 3 Maret 2026, 10:30');
    expect(money('150000.00', 'IDR', 'id')).toMatch(/^Rp\s?150\.000$/);
    const message = renderTemplate('booking_confirmation', 'id', {
      tenantName: 'Glow',
      timezone: 'Asia/Jakarta',
      currency: 'IDR',
      recipientName: 'Rina',
      outletName: 'Kemang',
      startsAt: '2026-03-03T03:30:00Z',
      serviceNames: ['Hair Spa'],
      amount: '150000.00',
    });
    expect(message.subject).toBe('Glow: pemesanan Anda dikonfirmasi');
    expect(message.text).toContain('Selasa, 3 Maret 2026, 10:30');
    expect(templateLanguage('ms')).toBe('en');
  });

  it('a refund says what came back, where, and the late-cancellation fee kept', () => {
    const base = {
      tenantName: 'Glow',
      timezone: 'Asia/Jayapura',
      currency: 'IDR',
      recipientName: 'Rina',
      startsAt: '2026-03-03T01:30:00Z',
    };
    const late = renderTemplate('payment_refunded', 'en', {
      ...base,
      amount: '86400.00',
      feeKept: '21600.00',
      refundedTo: 'wallet',
    });
    expect(late.subject).toBe('Glow: your payment was refunded');
    expect(late.text.replace(/\u00a0/g, ' ')).toBe(
      'Hello Rina,\n\nYour appointment on Tuesday, 3 March 2026, 10:30 was cancelled. IDR 86,400 has been ' +
        'returned to your wallet with us: use it for your next booking. IDR 21,600 was kept as the ' +
        'late-cancellation fee.\n\nGlow',
    );
    const outside = renderTemplate('payment_refunded', 'id', {
      ...base,
      amount: '108000.00',
      feeKept: '0.00',
      refundedTo: 'outside',
    });
    expect(outside.subject).toBe('Glow: pembayaran Anda telah dikembalikan');
    expect(outside.text).toMatch(/Rp\s?108\.000 akan dikembalikan kepada Anda oleh salon\.\n/);
    expect(outside.text).not.toContain('biaya pembatalan');
  });

  it('password messages in English and Indonesian, the change time in its named timezone', () => {
    const base = { tenantName: 'Glow', timezone: 'Asia/Jakarta', currency: 'IDR', recipientName: 'Rina' };
    const code = renderTemplate('password_reset_code', 'en', { ...base, code: '123456', validMinutes: 30 });
    expect(code.subject).toBe('Glow: your password reset code');
    expect(code.text).toContain('Your Glow password reset code is 123456. It is valid for 30 minutes.');
    expect(renderTemplate('password_reset_code', 'id', { ...base, code: '123456' }).text).toContain(
      'Kode reset kata sandi Glow Anda adalah 123456. Berlaku selama 30 menit.',
    );
    const changed = renderTemplate('password_changed', 'en', {
      ...base,
      changedAt: '2026-03-03T03:30:00Z',
      changeReason: 'reset',
    });
    expect(changed.subject).toBe('Glow: your password was changed');
    expect(changed.text).toContain(
      'changed on Tuesday, 3 March 2026, 10:30 (Asia/Jakarta) with a reset code',
    );
    expect(changed.text).toContain(
      'If this was not you, reset your password right away and contact the salon.',
    );
    const staff = renderTemplate('password_changed', 'id', {
      ...base,
      tenantName: PLATFORM_NAME,
      timezone: 'UTC',
      changedAt: '2026-03-03T03:30:00Z',
      changeReason: 'change',
    });
    expect(staff.subject).toBe('Salon platform: kata sandi Anda telah diubah');
    expect(staff.text).toContain('pada Selasa, 3 Maret 2026, 03:30 (UTC) dari sesi yang sedang masuk');
    expect(staff.text).toContain('segera reset kata sandi Anda dan hubungi salon');
  });
});
