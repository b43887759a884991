import { join } from 'node:path';
import type { ServiceDefinition } from '@salon/runtime';
import { createInternalClient, loadMigrationDir } from '@salon/service-kit';
import { schedulingConfigSchema, type SchedulingConfig } from './config';
import { AppointmentChanges } from './domain/appointment-changes';
import type { SchedulingDeps } from './domain/deps';
import { GridReadCache } from './domain/grid-read-cache';
import { StaffQueue } from './domain/staff-queue';
import { schedulingSubscriptions } from './events/subscriptions';
import { appointmentStreamRoutes } from './http/appointment-stream.routes';
import { appointmentRoutes } from './http/appointment.routes';
import { availabilityRoutes } from './http/availability.routes';
import { calendarFeedRoutes } from './http/calendar-feed.routes';
import { internalRoutes } from './http/internal.routes';
import { publicRoutes } from './http/public.routes';
import { reviewRoutes } from './http/review.routes';
import { staffRoutes } from './http/staff.routes';
import { waitlistRoutes } from './http/waitlist.routes';

/**
 * Staff members, availability, the availability grid and race-free appointments; replicas of catalog's
 * services and identity's tenants, outlets and customers.
 */
export const schedulingService: ServiceDefinition<SchedulingConfig> = {
  name: 'scheduling',
  configSchema: schedulingConfigSchema,
  migrations: loadMigrationDir(join(__dirname, '..', 'migrations')),
  // The grid's change marks are needed only as long as a replica keeps a read (minutes): a day is plenty.
  retention: () => [
    { schema: 'scheduling', table: 'staff_schedule_changes', timeColumn: 'changed_at', days: 1 },
  ],
  build({ db, store, plans, idempotency, verifier, app, config, logger }) {
    const deps: SchedulingDeps = {
      db,
      store,
      plans,
      idempotency,
      verifier,
      staffQueue: new StaffQueue(),
      gridReads: new GridReadCache(),
      commerce: config.COMMERCE_URL
        ? createInternalClient({
            name: 'commerce',
            baseUrl: config.COMMERCE_URL,
            internalToken: config.INTERNAL_TOKEN,
            logger,
          })
        : undefined,
      appointmentChanges: new AppointmentChanges(db, logger),
    };
    app.use(internalRoutes(deps, config.INTERNAL_TOKEN));
    app.use(publicRoutes(deps));
    app.use(availabilityRoutes(deps));
    app.use(calendarFeedRoutes(deps));
    app.use(reviewRoutes(deps));
    app.use(waitlistRoutes(deps));
    // /appointments/stream before /appointments/:appointment_id, /staff/appointments before /staff/:staff_id
    app.use(appointmentStreamRoutes(deps));
    app.use(appointmentRoutes(deps));
    app.use(staffRoutes(deps));
    return {
      subscriptions: schedulingSubscriptions(deps),
      drain: () => deps.appointmentChanges.endAll(),
      close: () => deps.appointmentChanges.close(),
    };
  },
};
