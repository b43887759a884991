import { z } from 'zod';
import { moneyStringSchema } from '../../events/catalog';
import { APPOINTMENT_STATUSES } from '../../events/scheduling';
import { boolQuery, objectId, pageQuerySchema, pagedSchema } from '../../http';
import { clockTime, dateField, isoDate, timeField, timestamp } from './fields';

const line = z.object({ service_id: objectId, staff_id: objectId });

/** A customer's booking (customer_id comes from the token). */
export const bookBody = z.object({
  outlet_id: objectId,
  customer_id: objectId.optional(),
  appointment_date: dateField,
  start_time: timeField,
  services: z.array(line).min(1).max(10),
  notes: z.string().max(2000).nullish(),
});
/** A staff booking: the customer is named; a line may ask for a duration (client prices are ignored). */
export const staffBookBody = bookBody.extend({
  customer_id: objectId,
  services: z
    .array(
      line.extend({
        duration_minutes: z
          .int()
          .min(5)
          .max(480)
          .multipleOf(5, { error: 'duration_minutes must be a multiple of 5' })
          .optional(),
      }),
    )
    .min(1)
    .max(10),
});
export const rescheduleBody = z.object({ new_date: dateField, new_start_time: timeField });
export const statusBody = z.object({ status: z.enum(APPOINTMENT_STATUSES) });

const dateRange = <T extends { start_date?: string; end_date?: string }>(query: T) =>
  !query.start_date || !query.end_date || query.start_date <= query.end_date;
export const appointmentListQuery = pageQuerySchema()
  .extend({
    start_date: dateField.optional(),
    end_date: dateField.optional(),
    outlet_id: objectId.optional(),
    staff_id: objectId.optional(),
    customer_id: objectId.optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
  })
  .refine(dateRange, { error: 'start_date must not be after end_date', path: ['start_date'] });
export const customerAppointmentsQuery = pageQuerySchema()
  .extend({
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    from_date: dateField.optional(),
    to_date: dateField.optional(),
  })
  .refine((query) => !query.from_date || !query.to_date || query.from_date <= query.to_date, {
    error: 'from_date must not be after to_date',
    path: ['from_date'],
  });

/** A staff member's appointments. */
export const staffAppointmentsQuery = pageQuerySchema()
  .extend({
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
    upcoming_only: boolQuery.default(false),
  })
  .refine(dateRange, { error: 'start_date must not be after end_date', path: ['start_date'] });

/** One appointment as every endpoint shows it (a superset of each spec shape). */
const appointmentActor = z.strictObject({ type: z.enum(['customer', 'staff']), id: objectId });

export const appointment = z
  .strictObject({
    id: objectId,
    tenant_id: objectId,
    outlet_id: objectId,
    /** null once the customer's data was erased. */
    customer_id: objectId.nullable(),
    customer_name: z.string().nullable(),
    /** The first service line's staff member and service. */
    staff_id: objectId.nullable(),
    service_id: objectId.nullable(),
    appointment_date: isoDate,
    start_time: clockTime,
    end_time: clockTime,
    status: z.enum(APPOINTMENT_STATUSES),
    services: z.array(
      z.strictObject({
        service_id: objectId,
        service_name: z.string(),
        staff_id: objectId,
        staff_name: z.string(),
        start_time: clockTime,
        end_time: clockTime,
        duration_minutes: z.int(),
        price: moneyStringSchema,
        currency: z.string(),
      }),
    ),
    total_price: moneyStringSchema,
    currency: z.string(),
    /** The deposit an online payment of the booking takes ("0.00": none, the whole price is paid). */
    deposit_amount: moneyStringSchema,
    /** Until when an unpaid deposit holds the slot (then the booking is released); null when none is owed. */
    deposit_due_at: timestamp.nullable(),
    notes: z.string().nullable(),
    booked_by: z.enum(['customer', 'staff']),
    starts_at: timestamp,
    ends_at: timestamp,
    version: z.int(),
    cancelled_at: timestamp.nullable(),
    /** Who cancelled it (a staff user or the customer); null until cancelled. */
    cancelled_by: appointmentActor.nullable(),
    /** When and by whom it was last rescheduled; null until then. */
    rescheduled_at: timestamp.nullable(),
    rescheduled_by: appointmentActor.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Appointment' });

export const appointmentPage = pagedSchema(appointment);

export const appointmentCancelled = z.strictObject({
  id: objectId,
  status: z.literal('cancelled'),
  cancelled_at: timestamp,
  cancelled_by: appointmentActor,
});

/** A customer's appointments (newest first) with statistics over all of them. */
export const customerAppointments = z.strictObject({
  appointments: z.array(
    appointment.pick({
      id: true,
      tenant_id: true,
      outlet_id: true,
      customer_id: true,
      staff_id: true,
      service_id: true,
      appointment_date: true,
      start_time: true,
      end_time: true,
      status: true,
      total_price: true,
      notes: true,
      created_at: true,
      updated_at: true,
    }),
  ),
  statistics: z.strictObject({
    total_appointments: z.int(),
    completed: z.int(),
    cancelled: z.int(),
    no_show: z.int(),
    upcoming: z.int(),
  }),
  pagination: z.strictObject({ total: z.int(), page: z.int(), size: z.int(), pages: z.int() }),
});

/** The live calendar's stream: the outlet to follow (one the caller may act at), or every outlet it may see. */
export const appointmentStreamQuery = z.object({ outlet_id: objectId.optional() });

/**
 * One `appointment` event of the stream: an appointment of the outlet changed (booked, moved, confirmed,
 * cancelled …) on these days (a moved one: the new day and the old). It carries no personal data: a calendar
 * showing one of the days reads its appointments again through `GET /appointments`.
 */
export const appointmentChange = z.object({
  appointment_id: objectId,
  outlet_id: objectId,
  dates: z.array(isoDate).min(1),
});
export type AppointmentChange = z.output<typeof appointmentChange>;

/** The stream itself (`text/event-stream`), as OpenAPI shows it. */
export const appointmentStreamDocument = z.string().meta({
  description:
    'Server-sent events (text/event-stream). First `event: ready` (the stream is live), then one ' +
    '`event: appointment` per committed change of an appointment at the outlets in scope, its `data` ' +
    '`{"appointment_id", "outlet_id", "dates": ["YYYY-MM-DD", …]}`; a `: heartbeat` comment every 15 seconds. ' +
    'The server ends the stream after 15 minutes (the client reconnects, so a revoked or expired token stops ' +
    'there).',
});
