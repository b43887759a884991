import { z } from 'zod';
import { clockText, timeField } from '../../date-fields';
import { tenantSettingsSchema } from '../../events/identity';

/** E-mails are trimmed, lowercased and validated. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Invalid email address' }))
  .meta({ examples: ['ayu@example.com'] });

/**
 * A phone number as people type it: digits with spaces, dashes, dots or parentheses, optionally a leading `+`
 * (`0812 3456 7890`, `+62 812-3456-7890`). Only the characters are checked here: the use case normalises it to
 * E.164 with the tenant's region (`normalisePhone` in service-kit), answering 422 for no valid number.
 */
export const phoneField = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[\d\s().-]+$/, {
    error: 'Phone may hold digits, spaces, dashes, dots, parentheses and a leading +, e.g. 0812 3456 7890',
    abort: true,
  })
  .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 5, { error: 'Phone has too few digits' });

export const nameField = (max: number) => z.string().trim().min(1).max(max);

/** Spec rule: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const passwordField = z
  .string()
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128)
  .regex(/[A-Z]/, { error: 'Password must contain an uppercase letter' })
  .regex(/[a-z]/, { error: 'Password must contain a lowercase letter' })
  .regex(/\d/, { error: 'Password must contain a digit' })
  .meta({ examples: ['Salon-2026'] });

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'Slug must be lowercase letters and digits separated by hyphens',
  })
  .max(60);

export const timezoneField = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'Unknown IANA timezone' },
);

export const settingsField = tenantSettingsSchema
  .extend({
    timezone: timezoneField,
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Currency must be an ISO 4217 code' }),
    booking_advance_days: z.int().min(1).max(365),
    cancellation_hours: z.int().min(0).max(720),
    deposit_hold_minutes: z.int().min(1).max(1440),
    waitlist_hold_minutes: z.int().min(1).max(1440),
    late_cancellation_fee_percent: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Number.isInteger(value * 100), { error: 'At most two decimals' }),
  })
  .partial();

/** The shared time of day (HH:MM, 00:00 to 23:59), kept as "HH:MM" text. */
const time = timeField.transform(clockText);
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** `{monday: {open: "09:00", close: "18:00"}, sunday: null}`; a day left out or null is closed. */
export const businessHoursField = z.partialRecord(
  z.enum(DAYS),
  z
    .object({ open: time, close: time })
    .refine((hours) => hours.open < hours.close, {
      error: 'open must be before close',
      // Only between two valid times: a malformed one is its own (single) issue.
      when: (payload) => payload.issues.length === 0,
    })
    .nullable(),
);

/** The shared request date (`YYYY-MM-DD`, 1900-01-01 to 2999-12-31). */
export { dateField } from '../../date-fields';
