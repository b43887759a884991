import type { ServiceName } from '@salon/gateway';
import type { Platform } from './platform';

/**
 * What `scheduling.appointment.created.v1` leaves behind in each consumer, counted in the services' own
 * databases (no API lists these). The platform of a fault suite holds one business, so whole tables count.
 */
export interface AppointmentEffects {
  /** Appointments scheduling holds. */
  appointments: number;
  /** Events scheduling has written but not yet seen confirmed by the broker. */
  outboxBacklog: number;
  /** Per consumer: inbox rows of its appointment consumer, i.e. distinct events it applied. */
  inbox: Record<string, number>;
  /** identity's stats rows, billing's usage rows, notifications' replicas: one per appointment each. */
  identityCounters: number;
  billingUsage: number;
  notificationReplicas: number;
  /** notifications' reminders: one per REMINDER_HOURS entry (24 h and 2 h) per appointment. */
  reminders: number;
}

/** The appointment consumer of each service that subscribes to scheduling's appointment events. */
export const APPOINTMENT_CONSUMERS: Partial<Record<ServiceName, string>> = {
  identity: 'identity.appointment-counters',
  billing: 'billing.scheduling-appointments',
  commerce: 'commerce.scheduling-appointments',
  notifications: 'notifications.scheduling-appointments',
};

async function count(platform: Platform, service: ServiceName, sql: string, params?: unknown[]) {
  const [row] = await platform.query<{ n: number }>(service, sql, params);
  return Number(row?.n ?? 0);
}

export async function appointmentEffects(platform: Platform): Promise<AppointmentEffects> {
  const inbox: Record<string, number> = {};
  for (const [service, consumer] of Object.entries(APPOINTMENT_CONSUMERS) as [ServiceName, string][])
    inbox[service] = await count(
      platform,
      service,
      `SELECT count(*) AS n FROM ${service}.inbox WHERE consumer = $1`,
      [consumer],
    );
  return {
    appointments: await count(platform, 'scheduling', 'SELECT count(*) AS n FROM scheduling.appointments'),
    outboxBacklog: await count(
      platform,
      'scheduling',
      `SELECT count(*) AS n FROM scheduling.outbox WHERE event_type LIKE 'scheduling.appointment.%'`,
    ),
    inbox,
    identityCounters: await count(
      platform,
      'identity',
      'SELECT count(*) AS n FROM identity.appointment_counters',
    ),
    billingUsage: await count(platform, 'billing', 'SELECT count(*) AS n FROM billing.appointments'),
    notificationReplicas: await count(
      platform,
      'notifications',
      'SELECT count(*) AS n FROM notifications.appointments',
    ),
    reminders: await count(
      platform,
      'notifications',
      // Of an appointment: a suite may add reminders of its own, with no appointment (e2e/test/replicas.test.ts).
      `SELECT count(*) AS n FROM notifications.scheduled_notifications
        WHERE kind = 'appointment_reminder' AND appointment_id IS NOT NULL`,
    ),
  };
}

/** The effects when each of `appointments` booked appointments was applied exactly once everywhere. */
export function exactlyOnce(appointments: number): AppointmentEffects {
  return {
    appointments,
    outboxBacklog: 0,
    inbox: Object.fromEntries(Object.keys(APPOINTMENT_CONSUMERS).map((service) => [service, appointments])),
    identityCounters: appointments,
    billingUsage: appointments,
    notificationReplicas: appointments,
    reminders: 2 * appointments,
  };
}

/** The appointment ids scheduling holds. */
export async function scheduledAppointmentIds(platform: Platform): Promise<string[]> {
  const rows = await platform.query<{ id: string }>('scheduling', 'SELECT id FROM scheduling.appointments');
  return rows.map((row) => row.id);
}
