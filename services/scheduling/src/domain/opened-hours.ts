import { newEvent, type EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { AvailabilityOpenedV1 } from '@salon/contracts';
import { datesWithWaiting } from '../db/waitlist.repository';
import type { SchedulingDeps } from './deps';
import { formatTime, parseTime } from './time-rules';
import { offerFreedSlot } from './waitlist-offers';

/** The availability grid's step: offered start times from opened hours fall on it. */
const STEP_MINUTES = 5;

export interface OpenedHours {
  tenantId: string;
  outletId: string;
  staffId: string;
  dates: string[];
  /** Minutes since local midnight. */
  start: number;
  end: number;
}

/**
 * Tells the waitlist, through the outbox in the writer's transaction, that a staff member's bookable time opened:
 * new working hours, or a block, vacation or break removed or moved. The offers are made by scheduling's own
 * consumer, so the availability write stays as fast as before.
 */
export async function enqueueOpenedHours(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  opened: OpenedHours,
  origin: EventOrigin,
): Promise<void> {
  if (opened.dates.length === 0) return;
  await deps.store.enqueue(tx, [
    newEvent(
      'scheduling.availability.opened.v1',
      {
        tenant_id: opened.tenantId,
        outlet_id: opened.outletId,
        staff_id: opened.staffId,
        dates: [...new Set(opened.dates)].sort(),
        start_time: formatTime(opened.start),
        end_time: formatTime(opened.end),
      },
      { ...origin, tenantId: opened.tenantId },
    ),
  ]);
}

/**
 * Offers opened hours to the waitlist, date by date where someone waits: from the first start on, each start
 * time is a freed slot for `offerFreedSlot` (every booking rule, queue order, one live offer per slot and per
 * entry); after an offer the walk goes on from the offered booking's end, so the offers made here never overlap.
 */
export async function offerOpenedHours(
  deps: Pick<SchedulingDeps, 'store'>,
  tx: Executor,
  opened: AvailabilityOpenedV1,
  origin: EventOrigin,
  /** When the hours opened (the event's `occurred_at`): customers who joined later saw them open already. */
  openedAt: string,
): Promise<void> {
  const where = { tenantId: opened.tenant_id, outletId: opened.outlet_id, staffId: opened.staff_id };
  const start = parseTime(opened.start_time) as number; // the event's schema admits only HH:MM:SS
  const end = parseTime(opened.end_time) as number;
  for (const date of await datesWithWaiting(tx, { ...where, dates: opened.dates, joinedBy: openedAt })) {
    let startTime = start;
    while (startTime < end) {
      const offeredUntil = await offerFreedSlot(deps, tx, { ...where, date, startTime }, origin, openedAt);
      startTime =
        offeredUntil === null ? startTime + STEP_MINUTES : Math.max(offeredUntil, startTime + STEP_MINUTES);
    }
  }
}
