import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { invalidField } from './errors';

/**
 * Phone numbers as people type them (`0812 3456 7890`, `+62 812-3456-7890`, `(021) 555-1234`) become E.164
 * (`+6281234567890`) with the region of the business they are typed for. The contract's `phoneField` only
 * checks the characters (it has no tenant); the use case normalises with `normalisePhone`, so what is stored,
 * compared for duplicates and looked up at login is always E.164. See docs/decisions.md.
 */
export type PhoneRegion = CountryCode;

/** The region of a number typed without a country code when nothing else names one. */
export const DEFAULT_PHONE_REGION: PhoneRegion = 'ID';

/** IANA zones of the markets we sell in (and their neighbours) to the country whose numbering plan they use. */
const REGION_BY_TIMEZONE: Record<string, PhoneRegion> = {
  'Asia/Jakarta': 'ID',
  'Asia/Pontianak': 'ID',
  'Asia/Makassar': 'ID',
  'Asia/Jayapura': 'ID',
  'Asia/Kuala_Lumpur': 'MY',
  'Asia/Kuching': 'MY',
  'Asia/Singapore': 'SG',
  'Asia/Brunei': 'BN',
  'Asia/Bangkok': 'TH',
  'Asia/Manila': 'PH',
  'Asia/Ho_Chi_Minh': 'VN',
  'Asia/Saigon': 'VN',
  'Asia/Phnom_Penh': 'KH',
  'Asia/Dili': 'TL',
  'Asia/Hong_Kong': 'HK',
  'Asia/Taipei': 'TW',
  'Asia/Shanghai': 'CN',
  'Asia/Tokyo': 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Dubai': 'AE',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Pacific/Auckland': 'NZ',
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Amsterdam': 'NL',
  'Europe/Berlin': 'DE',
  'Europe/Paris': 'FR',
  'Europe/Madrid': 'ES',
  'Europe/Rome': 'IT',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
};

/** Currencies used by one country only; EUR, USD and the like name no single numbering plan and are skipped. */
const REGION_BY_CURRENCY: Record<string, PhoneRegion> = {
  IDR: 'ID',
  MYR: 'MY',
  SGD: 'SG',
  BND: 'BN',
  THB: 'TH',
  PHP: 'PH',
  VND: 'VN',
  HKD: 'HK',
  TWD: 'TW',
  CNY: 'CN',
  JPY: 'JP',
  KRW: 'KR',
  INR: 'IN',
  AED: 'AE',
  NZD: 'NZ',
  GBP: 'GB',
};

/**
 * The region a business's numbers are read in: from its time zone, else its currency, else Indonesia (the
 * platform's home market). An outlet with its own time zone passes that one first.
 */
export function phoneRegionOf(place: { timezone?: string | null; currency?: string | null }): PhoneRegion {
  return (
    (place.timezone ? REGION_BY_TIMEZONE[place.timezone] : undefined) ??
    (place.currency ? REGION_BY_CURRENCY[place.currency.toUpperCase()] : undefined) ??
    DEFAULT_PHONE_REGION
  );
}

/**
 * E.164 for a number typed in `region` (an international number, `+44…`, keeps its own country), or a 422 at
 * `loc` in the validation shape when it is no valid number there.
 */
export function normalisePhone(raw: string, region: PhoneRegion, loc: (string | number)[]): string {
  const parsed = parsePhoneNumberFromString(raw, { defaultCountry: region });
  if (!parsed?.isValid())
    throw invalidField(
      loc,
      `Invalid phone number for ${region}: give a local number or one with its country code, e.g. +628123456789`,
    );
  return parsed.number;
}

/** `normalisePhone` for an optional or clearable field: undefined and null pass through. */
export function normaliseOptionalPhone<T extends null | undefined>(
  raw: string | T,
  region: PhoneRegion,
  loc: (string | number)[],
): string | T {
  return typeof raw === 'string' ? normalisePhone(raw, region, loc) : raw;
}
