import { DEFAULT_STAFF_POSITION_TEMPLATES } from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { findTenantReplica, type TenantSettingsView } from '../db/replica.repository';

/** Identity's default settings (docs/decisions.md), used until the tenant's snapshot arrives. */
export const DEFAULT_TIMEZONE = 'Asia/Jakarta';
export const DEFAULT_BOOKING_ADVANCE_DAYS = 30;
export const DEFAULT_CANCELLATION_HOURS = 24;
export const DEFAULT_DEPOSIT_HOLD_MINUTES = 30;
export const DEFAULT_WAITLIST_HOLD_MINUTES = 15;

export interface TenantSettings {
  timezone: string;
  bookingAdvanceDays: number;
  /** How many hours before its start a customer may still cancel or reschedule an appointment. */
  cancellationHours: number;
  /** How many minutes a booking that owes a deposit is held unpaid before it is released. */
  depositHoldMinutes: number;
  /** How many minutes a waitlist offer holds a freed slot for its customer. */
  waitlistHoldMinutes: number;
  positionTemplates: string[];
}

export async function tenantSettings(executor: Executor, tenantId: string): Promise<TenantSettings> {
  return settingsOf(await findTenantReplica(executor, tenantId));
}

/** The settings of a tenant replica row, identity's defaults for what is not known yet. */
export function settingsOf(tenant: TenantSettingsView | null | undefined): TenantSettings {
  return {
    timezone: tenant?.timezone ?? DEFAULT_TIMEZONE,
    bookingAdvanceDays: tenant?.booking_advance_days ?? DEFAULT_BOOKING_ADVANCE_DAYS,
    cancellationHours: tenant?.cancellation_hours ?? DEFAULT_CANCELLATION_HOURS,
    depositHoldMinutes: tenant?.deposit_hold_minutes ?? DEFAULT_DEPOSIT_HOLD_MINUTES,
    waitlistHoldMinutes: tenant?.waitlist_hold_minutes ?? DEFAULT_WAITLIST_HOLD_MINUTES,
    positionTemplates:
      tenant && tenant.staff_position_templates.length > 0
        ? tenant.staff_position_templates
        : [...DEFAULT_STAFF_POSITION_TEMPLATES],
  };
}
