import type { ConsoleService, ServiceCategory } from '../api/client';

/** The browser's zone: a promotion's expiry is entered (datetime-local) and shown in it. */
export const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Active, inactive or archived as the console tells it: bookable means status active and is_active. */
export const stateOf = (service: ConsoleService): 'active' | 'inactive' | 'archived' =>
  service.status === 'archived'
    ? 'archived'
    : service.status === 'active' && service.is_active
      ? 'active'
      : 'inactive';

/** The body fields that put a service in a state the form offers. */
export const stateFields = (active: boolean) =>
  active ? { status: 'active' as const, is_active: true } : { status: 'inactive' as const, is_active: false };

/** A service's slug from its name ("Cream bath (long hair)" → "cream-bath-long-hair"): the API requires one. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** An amount from the API ("150000.00") as the staff type it ("150000"). */
export const amountInput = (amount: string | null | undefined): string =>
  amount === null || amount === undefined ? '' : String(Number(amount));

/** An instant (ISO 8601) as a datetime-local input's value in the browser's zone ("2026-12-01T18:00"). */
export function localInput(instant: string | null): string {
  if (!instant) return '';
  const at = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Services grouped by category, in the order of the categories endpoint, then any category it lacks. */
export function byCategory(services: ConsoleService[], categories: ServiceCategory[]) {
  const keys = new Set([
    ...categories.map((entry) => entry.category),
    ...services.map((item) => item.category),
  ]);
  return [...keys]
    .map((key) => ({
      key,
      name: categories.find((entry) => entry.category === key)?.display_name ?? key,
      services: services.filter((service) => service.category === key),
    }))
    .filter((group) => group.services.length > 0);
}
