/** Amounts in the tenant's currency and times in the outlet's time zone, in the chosen language. */
import type { Language } from './i18n';

export const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/** `amount` is a decimal string from the API (never summed as a float here). */
export function formatMoney(amount: string, currency: string, language: Language): string {
  const value = Number(amount);
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(value);
}

/** A calendar date of the outlet (YYYY-MM-DD, already local): weekday, day and month. */
export function formatDay(date: string, language: Language, withYear = false): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** The zone's short name as people read it (WIB, WITA, GMT+8 …), for the label beside every time. */
export function timeZoneLabel(timeZone: string, language: Language): string {
  const parts = new Intl.DateTimeFormat(LOCALES[language], { timeZone, timeZoneName: 'short' }).formatToParts(
    new Date(),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "10:00 WIB": a wall-clock time of the outlet (HH:MM or HH:MM:SS) with its zone. */
export function formatTime(time: string, timeZone: string, language: Language): string {
  return `${time.slice(0, 5)} ${timeZoneLabel(timeZone, language)}`;
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/** An instant from the API (ISO 8601) as a calendar date in a time zone, with the year. */
export function formatInstantDay(instant: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(instant));
}

/** An instant from the API (ISO 8601) as a date and wall-clock time in a time zone. */
export function formatInstant(instant: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
