import type { WaitlistOfferedV1 } from '@salon/contracts';
import type { EventOrigin } from '@salon/messaging';
import type { Executor } from '@salon/service-kit';
import type { Channel } from '../channels/channel';
import * as replicas from '../db/replica.repository';
import type { NotificationsDeps } from './deps';
import { scheduleNotification } from './schedule-notification';

/** A waitlist offer goes to its customer on every channel their preferences allow, like a booking message. */
const CUSTOMER_CHANNELS: Channel[] = ['email', 'whatsapp', 'sms', 'push'];

/** What a `waitlist_offer` message says, stored as its notification's payload (rendered at send time). */
export interface WaitlistOfferDetails {
  offer_id: string;
  outlet_id: string;
  service_name: string;
  staff_name: string;
  starts_at: string;
  timezone: string;
  expires_at: string;
  hold_minutes: number;
}

/**
 * A freed slot offered to a waiting customer (scheduling.waitlist.offered.v1): the `waitlist_offer` message to the
 * customer, sent at once through the task tier. Keyed by the offer, so a redelivery never sends it twice. An offer
 * whose hold already ended when its event is handled (it waited on the retry ladder) sends nothing: scheduling has
 * passed the slot on by then. The contact comes from the customer replica (the event names only the customer);
 * sending reads it again.
 */
export async function scheduleWaitlistOffer(
  deps: NotificationsDeps,
  tx: Executor,
  offered: WaitlistOfferedV1,
  origin: EventOrigin,
): Promise<void> {
  const now = deps.clock.now();
  if (Date.parse(offered.expires_at) <= now.getTime()) {
    deps.logger.warn(
      { offer: offered.offer_id, expires_at: offered.expires_at, correlation_id: origin.correlationId },
      'waitlist offer already lapsed when handled: no message',
    );
    return;
  }
  const customer = await replicas.findCustomer(tx, offered.tenant_id, offered.customer_id);
  const payload: WaitlistOfferDetails = {
    offer_id: offered.offer_id,
    outlet_id: offered.outlet_id,
    service_name: offered.service_name,
    staff_name: offered.staff_name,
    starts_at: offered.starts_at,
    timezone: offered.timezone,
    expires_at: offered.expires_at,
    hold_minutes: offered.hold_minutes,
  };
  await scheduleNotification(
    deps,
    tx,
    {
      tenant_id: offered.tenant_id,
      kind: 'waitlist_offer',
      scheduled_at: now,
      recipient_type: 'customer',
      recipient_id: offered.customer_id,
      recipient: {
        name: customer?.name ?? 'Customer',
        email: customer?.email ?? null,
        phone: customer?.phone ?? null,
      },
      channels: CUSTOMER_CHANNELS,
      template: 'waitlist_offer',
      payload: { ...payload },
      appointment_id: null,
      dedupe_key: `waitlist-offer:${offered.offer_id}`,
    },
    origin,
  );
}
