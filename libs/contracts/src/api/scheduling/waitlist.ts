import { z } from 'zod';
import { WAITLIST_STATUSES } from '../../events/scheduling';
import { objectId, pageQuerySchema, pagedSchema } from '../../http';
import { clockTime, dateField, isoDate, timeField, timestamp } from './fields';

/** The slot waitlist (issue 22 item 2): a customer waits for a service at an outlet on a date. */

/** POST /customer/waitlist: join the waitlist (the customer comes from the token). */
export const waitlistJoinBody = z
  .object({
    outlet_id: objectId,
    service_id: objectId,
    date: dateField.meta({ description: "The day wanted (the outlet's local date)" }),
    staff_id: objectId.nullish().meta({ description: 'Only this staff member (null or absent: anyone)' }),
    start_time: timeField.nullish().meta({ description: 'Earliest start wanted (HH:MM; absent: any)' }),
    end_time: timeField.nullish().meta({ description: 'Latest end wanted (HH:MM; absent: end of day)' }),
  })
  .refine((body) => body.start_time == null || body.end_time == null || body.start_time < body.end_time, {
    error: 'end_time must be after start_time',
    path: ['end_time'],
  })
  .meta({
    examples: [
      {
        outlet_id: '65f1c0ffee0000000000aa01',
        service_id: '65f1c0ffee0000000000aa02',
        date: '2026-03-03',
        start_time: '09:00',
        end_time: '12:00',
      },
    ],
  });

export const waitlistEntryPath = z.object({ entry_id: objectId });
export const waitlistOfferPath = z.object({ offer_id: objectId });
export const myWaitlistQuery = pageQuerySchema().extend({
  status: z.enum(WAITLIST_STATUSES).optional(),
});
/** GET /waitlist (staff): one day's waitlist, in queue order. */
export const waitlistDayQuery = pageQuerySchema({ defaultSize: 50 }).extend({
  date: dateField,
  outlet_id: objectId.optional(),
  service_id: objectId.optional(),
  status: z.enum(WAITLIST_STATUSES).optional(),
});

/** The freed slot held for an entry until `expires_at`: accept it to book it, or decline it. */
export const waitlistOffer = z.strictObject({
  id: objectId,
  staff_id: objectId,
  date: isoDate,
  start_time: clockTime,
  starts_at: timestamp,
  expires_at: timestamp.meta({ description: 'The hold ends then; the slot goes to the next customer' }),
});

/** A waitlist entry as its customer and the business see it. */
export const waitlistEntry = z.strictObject({
  id: objectId,
  customer_id: objectId,
  customer_name: z.string().nullable().meta({ description: "The customer's name (null while unknown)" }),
  outlet_id: objectId,
  service_id: objectId,
  staff_id: objectId.nullable(),
  date: isoDate,
  start_time: clockTime.nullable(),
  end_time: clockTime.nullable(),
  status: z.enum(WAITLIST_STATUSES),
  appointment_id: objectId.nullable().meta({ description: 'The appointment booked from an accepted offer' }),
  offer: waitlistOffer.nullable().meta({ description: 'The slot held for this entry now, if any' }),
  created_at: timestamp,
  updated_at: timestamp,
});
export const waitlistPage = pagedSchema(waitlistEntry);
